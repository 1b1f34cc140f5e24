import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReadNotification } from '../../api/notification/notification-mutations';
import type { NotificationItem, NotificationObject, NotificationType } from '../../api/notification/types';
import { to } from '../../app/paths';
import { TimeAgo } from '../../components/TimeAgo';
import { UserAvatar } from '../../components/UserAvatar';
import { Icon } from '../../components/Icon';

/** Where a notification's object lives: the question (at the answer or comment), the tag or the badge. */
export function objectHref(o: NotificationObject): string {
  const m = o.object_map;
  switch (o.object_type) {
    case 'badge_award':
      return to.badge(m.badge_id || o.object_id);
    case 'tag':
      return to.tag(m.tag || o.title);
    case 'answer':
      return to.question(m.question, undefined, m.answer || o.object_id);
    case 'comment': {
      const base = to.question(m.question, undefined, m.answer || undefined);
      return `${base}?commentId=${encodeURIComponent(m.comment || o.object_id)}`;
    }
    default:
      return to.question(m.question || o.object_id);
  }
}

/** One notification: who did what to which post (inbox) or the reputation it brought (achievements); unread ones are marked. */
export function NotificationEntry({ item, type }: { item: NotificationItem; type: NotificationType }) {
  const { t } = useTranslation();
  const read = useReadNotification();
  const o = item.object_info;
  const markRead = () => {
    if (!item.is_read) read.mutate(item.id);
  };
  const link = (
    <Link className="notice-title" to={objectHref(o)} onClick={markRead}>
      {o.title}
    </Link>
  );
  const unread = !item.is_read && (
    <span className="notice-unread">
      <span className="notice-dot" aria-hidden="true" />
      <span className="notice-unread-text">{t('inbox.notifications.unread')}</span>
    </span>
  );
  if (type === 'achievement') {
    const badge = o.object_type === 'badge_award';
    return (
      <li className={item.is_read ? 'notice' : 'notice unread'} data-testid="notification">
        {badge ? (
          <span className="notice-rank badge" aria-hidden="true">
            <Icon name="trophy" />
          </span>
        ) : (
          <span className={item.rank < 0 ? 'notice-rank minus' : 'notice-rank plus'}>
            {item.rank > 0 ? `+${item.rank}` : String(item.rank)}
          </span>
        )}
        <div className="notice-main">
          <p className="notice-text">{link}</p>
          <p className="notice-meta muted small">
            <TimeAgo seconds={item.update_time} />
          </p>
        </div>
        {unread}
      </li>
    );
  }
  const who = item.user_info;
  return (
    <li className={item.is_read ? 'notice' : 'notice unread'} data-testid="notification">
      {who ? (
        <UserAvatar user={who} size={32} />
      ) : (
        <span className="avatar avatar-letter notice-anon" style={{ width: 32, height: 32 }} aria-hidden="true">
          ?
        </span>
      )}
      <div className="notice-main">
        <p className="notice-text">
          {who ? (
            <Link className="notice-user" to={to.user(who.username)}>
              {who.display_name}
            </Link>
          ) : (
            <span className="notice-user">{t('inbox.notifications.someone')}</span>
          )}{' '}
          <span className="notice-action">{item.notification_action}</span> {link}
        </p>
        <p className="notice-meta muted small">
          <TimeAgo seconds={item.update_time} />
        </p>
      </div>
      {unread}
    </li>
  );
}
