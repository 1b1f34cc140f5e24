import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { ADMIN_BADGE_PAGE_SIZE, useAdminBadges, useBadgeStatus } from '../../api/admin/badges-query';
import type { AdminBadge } from '../../api/admin/types';
import { to } from '../../app/paths';
import { useFeedback } from '../../components/Feedback';
import { Icon } from '../../components/Icon';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AdminSearch, useListParams } from './AdminList';

const FILTERS = ['all', 'active', 'inactive'] as const;

/** A badge's icon: its image when the icon is an address, else a star in the level's colour. */
function BadgeIcon({ badge }: { badge: AdminBadge }) {
  if (/^(https?:)?\/\//.test(badge.icon) || badge.icon.startsWith('/')) return <img src={badge.icon} alt="" width={24} height={24} />;
  return <Icon name="star" className={`admin-badge-icon level-${badge.level}`} />;
}

/** One badge's row: icon, name linked to its page, description, group, awards, and its active switch. */
function BadgeRow({ badge: b, busy, onToggle }: { badge: AdminBadge; busy: boolean; onToggle(on: boolean): void }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td>
        <span className="admin-user-cell">
          <BadgeIcon badge={b} />
          <span>
            <Link to={to.badge(b.id)}>{b.name}</Link>
            <small className="admin-sub">{b.description}</small>
          </span>
        </span>
      </td>
      <td data-label={t('admin.badges.group')}>{b.group_name}</td>
      <td data-label={t('admin.badges.awarded')}>{b.award_count}</td>
      <td data-label={t('admin.badges.status')}>
        <span className="admin-switch">
          <input
            type="checkbox"
            role="switch"
            className="admin-switch-input"
            id={`badge-${b.id}`}
            checked={b.status === 'active'}
            onChange={(e) => onToggle(e.target.checked)}
            disabled={busy}
          />
          <label htmlFor={`badge-${b.id}`}>
            {b.status === 'active' ? t('admin.badges.active') : t('admin.badges.inactive')}
            <span className="sr-only">: {b.name}</span>
          </label>
        </span>
      </td>
    </tr>
  );
}

/** /admin/badges: every badge with its awards; each can be switched active or inactive. */
export default function BadgesPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.badges.title'));
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { filter, query, page, href } = useListParams(FILTERS);
  const badges = useAdminBadges({ page, status: filter === 'all' ? '' : filter, q: query });
  const change = useBadgeStatus();
  const spinner = useDelayed(badges.isLoading);
  const toggle = async (b: AdminBadge, on: boolean) => {
    try {
      await change.mutateAsync({ id: b.id, status: on ? 'active' : 'inactive' });
      feedback.toast('success', t('admin.common.update_success'));
    } catch {
      /* the app's error policy shows what went wrong */
    }
  };
  const list = badges.data?.list ?? [];
  return (
    <div className="admin-badges">
      <h1>{t('admin.badges.title')}</h1>
      <div className="admin-toolbar">
        <OrderTabs
          orders={FILTERS}
          current={filter}
          label={t('admin.common.filter')}
          labelOf={(f) => t(`admin.badges.filter_${f}`)}
          hrefFor={(f) => href({ filter: f })}
        />
        <AdminSearch
          id="admin-badge-search"
          label={t('admin.badges.search')}
          value={query}
          onSearch={(q) => navigate(href({ query: q }))}
        />
      </div>
      {spinner && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin.common.loading')} />}
      {badges.data && (
        <>
          {list.length === 0 ? (
            <p className="admin-empty">{t('admin.common.none')}</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.badges.name')}</th>
                  <th scope="col">{t('admin.badges.group')}</th>
                  <th scope="col">{t('admin.badges.awarded')}</th>
                  <th scope="col">{t('admin.badges.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((b) => (
                  <BadgeRow key={b.id} badge={b} busy={change.isPending} onToggle={(on) => void toggle(b, on)} />
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} pageSize={ADMIN_BADGE_PAGE_SIZE} total={badges.data.count} hrefFor={(p) => href({ page: p })} />
        </>
      )}
    </div>
  );
}
