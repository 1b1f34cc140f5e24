import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, ProgressSpinner } from '../../components/ui';
import { useAdminUser } from '../../api/admin/users-query';
import { paths, to } from '../../app/paths';
import { UserAvatar } from '../../components/UserAvatar';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { fullTime } from '../../utils/time';
import { UserDialogFor, type UserDialog } from './UserDialogs';
import { userActions, UserStatus } from './UsersPage';
import { Icon } from '../../components/Icon';

const LABEL: Record<
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

/** /admin/users/{user_id}: one account with its details and every admin action as a button. */
export default function UserDetailPage() {
  const { t, i18n } = useTranslation();
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  const spinner = useDelayed(user.isLoading);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const u = user.data;
  usePageTitle(u ? u.display_name : t('admin.users.details'));
  return (
    <div className="admin-user-detail">
      <p>
        <Link to={paths.adminUsers}>
          <Icon name="arrow-left" /> {t('admin.users.back')}
        </Link>
      </p>
      {spinner && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin.common.loading')} />}
      {user.isSuccess && !u && <p className="admin-empty">{t('admin.users.not_found')}</p>}
      {u && (
        <>
          <div className="admin-user-head">
            <UserAvatar user={u} size={56} />
            <div>
              <h1>{u.display_name}</h1>
              <Link to={to.user(u.username)}>@{u.username}</Link>
            </div>
          </div>
          <section className="admin-card" aria-labelledby="user-details">
            <h2 id="user-details">{t('admin.users.details')}</h2>
            <dl>
              <dt>{t('admin.users.email')}</dt>
              <dd className="admin-break">{u.e_mail}</dd>
              <dt>{t('admin.users.role')}</dt>
              <dd>{u.role_name}</dd>
              <dt>{t('admin.users.status')}</dt>
              <dd>
                <UserStatus user={u} />
              </dd>
              <dt>{t('admin.users.reputation')}</dt>
              <dd>{u.rank}</dd>
              <dt>{t('admin.users.created')}</dt>
              <dd>{fullTime(u.created_at, i18n.language)}</dd>
            </dl>
          </section>
          <div className="admin-user-buttons" role="group" aria-label={t('admin.common.actions')}>
            {userActions(u).map((d) => (
              <Button
                key={d}
                type="button"
                label={d === 'claim' ? t('claims.admin.action') : t(`admin.users.${LABEL[d]}`)}
                outlined
                severity={d === 'delete' ? 'danger' : undefined}
                onClick={() => setDialog(d)}
              />
            ))}
          </div>
          <UserDialogFor dialog={dialog} user={u} onClose={() => setDialog(null)} />
        </>
      )}
    </div>
  );
}
