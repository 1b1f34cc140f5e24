import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReadNotification } from '../../api/notification/notification-mutations';
import type { RedDot } from '../../api/notification/types';
import { to } from '../../app/paths';
import { Icon } from '../Icon';

/**
 * A badge the user has just earned (status badge_award): a notice above the page (not modal, so it
 * never blocks the page) with a link to the badge; either choice marks the award's notification read.
 */
export function BadgeAwardNotice({ award }: { award: RedDot['badge_award'] | undefined }) {
  const { t } = useTranslation();
  const read = useReadNotification();
  const [dismissed, setDismissed] = useState<string[]>([]);
  if (!award || dismissed.includes(award.notification_id)) return null;
  const done = () => {
    setDismissed((d) => [...d, award.notification_id]);
    read.mutate(award.notification_id);
  };
  return (
    <div className="badge-award" role="status">
      <Icon name="trophy" />
      <p>
        <strong>{t('inbox.frame.badge_title')}</strong> {t('inbox.frame.badge_body', { badge: award.name })}
      </p>
      <Link to={to.badge(award.badge_id)} onClick={done}>
        {t('inbox.frame.badge_view')}
      </Link>
      <button type="button" className="badge-award-close" onClick={done} aria-label={t('inbox.frame.badge_later')}>
        <Icon name="close" />
      </button>
    </div>
  );
}
