import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, Menu, type MenuHandle, type MenuItem, ProgressSpinner } from '../../components/ui';
import type { AdminUser, UserListFilter } from '../../api/admin/types';
import { ADMIN_USER_PAGE_SIZE, useAdminUsers } from '../../api/admin/users-query';
import { to } from '../../app/paths';
import { OrderTabs } from '../../components/OrderTabs';
import { Pager } from '../../components/Pager';
import { TimeAgo } from '../../components/TimeAgo';
import { UserAvatar } from '../../components/UserAvatar';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { fullTime } from '../../utils/time';
import { AdminSearch, useListParams } from './AdminList';
import { AddUsersDialog, UserDialogFor, type UserDialog } from './UserDialogs';

const FILTERS = ['normal', 'suspended', 'deleted', 'inactive', 'staff'] as const satisfies readonly UserListFilter[];

/** The actions an account offers, by its status. */
export function userActions(user: AdminUser): UserDialog[] {
  const all: UserDialog[] = ['role', 'status', 'password', 'profile'];
  if (user.status === 'inactive') all.push('activation');
  if (user.status !== 'deleted') all.push('delete');
  // an imported account nobody has taken over yet: a one-time link for its person (ClaimDialog)
  if (user.claimable) all.push('claim');
  return all;
}

const ACTION_LABEL: Record<
  Exclude<UserDialog, 'claim'>,
  'change_role' | 'change_status' | 'set_password' | 'edit_profile' | 'activation' | 'delete'
> = {
  role: 'change_role',
  status: 'change_status',
  password: 'set_password',
  profile: 'edit_profile',
  activation: 'activation',
  delete: 'delete',
};

/** A status label, with the end of a suspension. */
export function UserStatus({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <span className={`admin-status status-${user.status}`}>{t(`admin.users.status_${user.status}`)}</span>
      {user.status === 'suspended' && (
        <small className="admin-until">
          {' '}
          {t('admin.users.suspended_until')}:{' '}
          {user.suspended_until > 0 ? fullTime(user.suspended_until, i18n.language) : t('admin.users.forever')}
        </small>
      )}
    </>
  );
}

/** A row's "More actions" button and its menu. */
function RowActions({ user, onPick }: { user: AdminUser; onPick(d: UserDialog): void }) {
  const { t } = useTranslation();
  const menu = useRef<MenuHandle>(null);
  const items: MenuItem[] = userActions(user).map((d) => ({
    label: d === 'claim' ? t('claims.admin.action') : t(`admin.users.${ACTION_LABEL[d]}`),
    command: () => onPick(d),
    className: d === 'delete' ? 'admin-menu-danger' : undefined,
  }));
  const id = `user-actions-${user.user_id}`;
  return (
    <>
      <Menu model={items} popup ref={menu} id={id} />
      <Button
        type="button"
        icon="ellipsis"
        text
        rounded
        aria-label={t('admin.users.actions_for', { name: user.display_name })}
        aria-haspopup="menu"
        aria-controls={id}
        onClick={(e) => menu.current?.toggle(e)}
      />
    </>
  );
}

/** One account's row: avatar and names (imported ones marked), email, reputation, age, role, status, its actions. */
function UserRow({ user: u, onPick }: { user: AdminUser; onPick(d: UserDialog): void }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td>
        <span className="admin-user-cell">
          <UserAvatar user={u} size={28} />
          <span>
            <Link to={to.adminUser(u.user_id)}>{u.display_name}</Link>
            <small className="admin-sub">
              @{u.username}
              {u.imported && ` · ${t('claims.admin.imported')}`}
            </small>
          </span>
        </span>
      </td>
      <td data-label={t('admin.users.email')} className="admin-break">
        {u.e_mail}
      </td>
      <td data-label={t('admin.users.reputation')}>{u.rank}</td>
      <td data-label={t('admin.users.created')}>
        <TimeAgo seconds={u.created_at} />
      </td>
      <td data-label={t('admin.users.role')}>{u.role_name}</td>
      <td data-label={t('admin.users.status')}>
        <UserStatus user={u} />
      </td>
      <td className="admin-actions">
        <RowActions user={u} onPick={onPick} />
      </td>
    </tr>
  );
}

/** /admin/users: accounts by status (or staff), searchable, with every admin action on each. */
export default function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.users.title'));
  const navigate = useNavigate();
  const { filter, query, page, href } = useListParams(FILTERS, 'filter');
  const users = useAdminUsers({ filter, query, page });
  const spinner = useDelayed(users.isLoading);
  const [dialog, setDialog] = useState<{ kind: UserDialog; user: AdminUser } | null>(null);
  const [adding, setAdding] = useState(false);
  const list = users.data?.list ?? [];
  return (
    <div className="admin-users">
      <div className="admin-heading">
        <h1>{t('admin.users.title')}</h1>
        <Button type="button" icon="user-plus" label={t('admin.users.add_users')} onClick={() => setAdding(true)} />
      </div>
      <div className="admin-toolbar">
        <OrderTabs
          orders={FILTERS}
          current={filter}
          label={t('admin.common.filter')}
          labelOf={(f) => t(`admin.users.filter_${f}`)}
          hrefFor={(f) => href({ filter: f })}
        />
        <AdminSearch id="admin-user-search" label={t('admin.users.search')} value={query} onSearch={(q) => navigate(href({ query: q }))} />
      </div>
      {spinner && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin.common.loading')} />}
      {users.data && (
        <>
          <p className="admin-count" role="status">
            {t('admin.users.count', { count: users.data.count })}
          </p>
          {list.length === 0 ? (
            <p className="admin-empty">{t('admin.common.none')}</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.users.name')}</th>
                  <th scope="col">{t('admin.users.email')}</th>
                  <th scope="col">{t('admin.users.reputation')}</th>
                  <th scope="col">{t('admin.users.created')}</th>
                  <th scope="col">{t('admin.users.role')}</th>
                  <th scope="col">{t('admin.users.status')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('admin.common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((u) => (
                  <UserRow key={u.user_id} user={u} onPick={(kind) => setDialog({ kind, user: u })} />
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} pageSize={ADMIN_USER_PAGE_SIZE} total={users.data.count} hrefFor={(p) => href({ page: p })} />
        </>
      )}
      <UserDialogFor dialog={dialog?.kind ?? null} user={dialog?.user ?? null} onClose={() => setDialog(null)} />
      {adding && <AddUsersDialog onClose={() => setAdding(false)} />}
    </div>
  );
}
