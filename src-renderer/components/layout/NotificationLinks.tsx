import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RedDot } from '../../api/notification/types';
import { to } from '../../app/paths';
import { capCount } from './counts';
import { Icon } from '../Icon';

/** The bell (inbox) and the trophy (achievements), each with its unread count. */
export function NotificationLinks({ status }: { status: RedDot | undefined }) {
  const { t } = useTranslation();
  const inbox = status?.inbox ?? 0;
  const achievement = status?.achievement ?? 0;
  const inboxLabel = inbox > 0 ? t('inbox.frame.notifications_unread', { count: inbox }) : t('inbox.frame.notifications');
  const achievementLabel = achievement > 0 ? t('inbox.frame.achievements_unread', { count: achievement }) : t('inbox.frame.achievements');
  return (
    <>
      <Link
        to={to.notifications('inbox')}
        className="topbar-icon"
        aria-label={inboxLabel}
        title={inboxLabel}
        data-testid="notifications-link"
      >
        <Icon name="bell" />
        {inbox > 0 && (
          <span className="count-badge" data-testid="inbox-count" aria-hidden="true">
            {capCount(inbox)}
          </span>
        )}
      </Link>
      <Link
        to={to.notifications('achievement')}
        className="topbar-icon"
        aria-label={achievementLabel}
        title={achievementLabel}
        data-testid="achievements-link"
      >
        <Icon name="trophy" />
        {achievement > 0 && (
          <span className="count-badge" data-testid="achievement-count" aria-hidden="true">
            {capCount(achievement)}
          </span>
        )}
      </Link>
    </>
  );
}
