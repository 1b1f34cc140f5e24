import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { levelName } from '../../api/badge/types';
import { to } from '../../app/paths';
import { Icon, type IconName } from '../../components/Icon';
import './badges.css';

/** The reference's badge icons (Bootstrap icon names) drawn with the app's icons. */
const ICONS: Record<string, IconName> = {
  'person-badge-fill': 'id-card',
  'pencil-fill': 'edit',
  'flag-fill': 'flag-fill',
  'hand-thumbs-up-fill': 'thumbs-up-fill',
  'emoji-smile-fill': 'smile',
  'share-fill': 'share',
  'check-circle-fill': 'check-circle',
  'check-square-fill': 'check-square',
  'chat-square-text-fill': 'comment',
  'question-circle-fill': 'question',
};

/** A badge's icon: a picture when the icon is an address, else the matching icon (a medal for unknown names). */
export function BadgeIcon({ icon, level, size = 'md' }: { icon: string; level: number; size?: 'sm' | 'md' | 'lg' }) {
  const cls = `badge-icon badge-icon-${size} level-${levelName(level)}`;
  if (/^(https?:)?\/\//.test(icon) || icon.startsWith('/') || icon.startsWith('data:image/')) {
    return (
      <span className={cls} aria-hidden="true">
        <img src={icon} alt="" />
      </span>
    );
  }
  return (
    <span className={cls} aria-hidden="true">
      <Icon name={(Object.hasOwn(ICONS, icon) && ICONS[icon]) || 'trophy'} />
    </span>
  );
}

/** A badge's level as a word beside a coloured dot (the word carries the meaning). */
export function BadgeLevel({ level }: { level: number }) {
  const { t } = useTranslation();
  const name = levelName(level);
  return (
    <span className={`badge-level level-${name}`}>
      <span className="badge-dot" aria-hidden="true" />
      {t(`people.level_${name}`)}
    </span>
  );
}

/** A badge as a chip linking to its page: icon, name and how many times (when more than once). */
export function BadgeChip({ badge }: { badge: { id: string; name: string; icon: string; level: number; earned_count?: number } }) {
  const { t } = useTranslation();
  const times = badge.earned_count ?? 0;
  return (
    <Link to={to.badge(badge.id)} className={`badge-chip level-${levelName(badge.level)}`}>
      <BadgeIcon icon={badge.icon} level={badge.level} size="sm" />
      <span className="badge-chip-name">{badge.name}</span>
      <span className="sr-only"> ({t(`people.level_${levelName(badge.level)}`)})</span>
      {times > 1 && <span className="badge-chip-times">{t('people.earned_times', { count: times })}</span>}
    </Link>
  );
}
