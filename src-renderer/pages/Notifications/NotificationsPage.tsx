import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Button, ProgressSpinner } from '../../components/ui';
import { useClearNotificationStatus, useReadAllNotifications } from '../../api/notification/notification-mutations';
import { useNotificationPage } from '../../api/notification/notification-query';
import { INBOX_KINDS, NOTIFICATION_TYPES, type InboxKind, type NotificationType } from '../../api/notification/types';
import { to } from '../../app/paths';
import { ErrorPage } from '../../components/ErrorPage';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { NotificationEntry } from './NotificationEntry';
import './notifications.css';

/** Notifications per page, as the reference's inbox. */
export const NOTIFICATION_PAGE_SIZE = 10;

/** The type and inbox kind named by the address, or null when it names none (the 404 page). */
export function routeOf(type: string | undefined, subType: string | undefined): { type: NotificationType; kind: InboxKind } | null {
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(type ?? '')) return null;
  if (type === 'achievement') return subType ? null : { type: 'achievement', kind: 'all' };
  if (subType !== undefined && !(INBOX_KINDS as readonly string[]).includes(subType)) return null;
  return { type: 'inbox', kind: (subType as InboxKind | undefined) ?? 'all' };
}

/** /users/notifications/{type}/{subType?}: the inbox (all, posts, invites, votes) and the achievements, with read marking. */
export default function NotificationsPage() {
  const params = useParams();
  const route = routeOf(params.type, params.subType);
  if (!route) return <ErrorPage kind={404} />;
  return <Notifications type={route.type} kind={route.kind} />;
}

function Notifications({ type, kind }: { type: NotificationType; kind: InboxKind }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const page = Math.max(1, Math.min(100000, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  const list = useNotificationPage({ type, inbox_type: type === 'inbox' ? kind : undefined, page, page_size: NOTIFICATION_PAGE_SIZE });
  const slow = useDelayed(list.isLoading);
  const clear = useClearNotificationStatus();
  const readAll = useReadAllNotifications();
  const clearStatus = clear.mutate;
  usePageTitle(type === 'inbox' ? t('inbox.notifications.page_title') : t('inbox.notifications.achievements_title'));

  // opening the list clears the type's unread count in the header
  useEffect(() => {
    clearStatus(type);
  }, [type, clearStatus]);

  const items = list.data?.list ?? [];
  const anyUnread = items.some((n) => !n.is_read);
  const href = (p: number) => {
    const base = to.notifications(type, type === 'inbox' && kind !== 'all' ? kind : undefined);
    return p > 1 ? `${base}?page=${p}` : base;
  };

  return (
    <div className="notifications-page">
      <div className="list-head">
        <h1>{t('inbox.notifications.page_title')}</h1>
        <Button
          label={t('inbox.notifications.mark_all')}
          icon="check"
          size="small"
          outlined
          disabled={readAll.isPending || (list.isSuccess && !anyUnread)}
          onClick={() => readAll.mutate(type)}
        />
      </div>
      <div className="list-tools">
        <OrderTabs
          orders={NOTIFICATION_TYPES}
          current={type}
          label={t('inbox.notifications.types_label')}
          labelOf={(o) => t(`inbox.notifications.${o}`)}
          hrefFor={(o) => to.notifications(o)}
        />
        {type === 'inbox' && (
          <OrderTabs
            orders={INBOX_KINDS}
            current={kind}
            label={t('inbox.notifications.kinds_label')}
            labelOf={(k) => t(`inbox.notifications.kind_${k}`)}
            hrefFor={(k) => to.notifications('inbox', k === 'all' ? undefined : k)}
          />
        )}
      </div>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {list.isSuccess && items.length === 0 && (
        <p className="empty-state muted">
          {type === 'inbox' ? t('inbox.notifications.empty') : t('inbox.notifications.empty_achievement')}
        </p>
      )}
      {items.length > 0 && (
        <ul className="notice-list" aria-label={t('inbox.notifications.list_label')} aria-busy={list.isFetching}>
          {items.map((n) => (
            <NotificationEntry key={n.id} item={n} type={type} />
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pageSize={NOTIFICATION_PAGE_SIZE} total={list.data.count} hrefFor={href} />}
    </div>
  );
}
