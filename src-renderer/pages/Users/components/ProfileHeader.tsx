import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { levelName, type UserBadge } from '../../../api/badge/types';
import type { ProfileInfo } from '../../../api/personal/types';
import { to } from '../../../app/paths';
import { PostHtml } from '../../../components/PostHtml';
import { UserAvatar } from '../../../components/UserAvatar';
import { Icon } from '../../../components/Icon';
import { ProfileBadgeCounts, ProfileMeta, ProfileStats } from './ProfileFacts';

/** How many badges of each level a user holds (each award counted). */
export function badgeTotals(badges: UserBadge[]): Record<'gold' | 'silver' | 'bronze', number> {
  const out = { gold: 0, silver: 0, bronze: 0 };
  for (const b of badges) out[levelName(b.level)] += Math.max(1, b.earned_count || 0);
  return out;
}

/** The label of a user's status beside their name ('' for an active user). */
function statusLabel(t: TFunction, status: string): string {
  if (status === 'suspended') return t('people.status_suspended');
  if (status === 'deleted') return t('people.status_deleted');
  if (status === 'inactive') return t('people.status_inactive');
  return '';
}

/** The profile's header: avatar, names, status, reputation, counts, bio, location, website, dates, badges and the edit link for oneself. */
export function ProfileHeader({ info, self, badges }: { info: ProfileInfo; self: boolean; badges: UserBadge[] | undefined }) {
  const { t } = useTranslation();
  const status = statusLabel(t, info.status);
  return (
    <header className="profile-head">
      {info.status !== 'normal' && info.status_msg && (
        <div className="profile-status" role="note">
          <Icon name="warning" />
          <PostHtml html={info.status_msg} className="profile-status-text" />
        </div>
      )}
      <div className="profile-top">
        <UserAvatar user={info} size={128} />
        <div className="profile-facts">
          <div className="profile-name-row">
            <h1 className="profile-name">{info.display_name}</h1>
            {status && <span className="status-badge">{status}</span>}
          </div>
          <p className="muted profile-username">{t('people.username', { username: info.username })}</p>
          <ProfileStats info={info} />
          {badges && <ProfileBadgeCounts username={info.username} totals={badgeTotals(badges)} />}
          <ProfileMeta info={info} />
        </div>
        {self && (
          <Link to={to.settings('profile')} className="p-button p-button-outlined p-button-sm profile-edit">
            <Icon name="user-edit" />
            &nbsp;{t('people.edit_profile')}
          </Link>
        )}
      </div>
      {info.status !== 'deleted' && info.bio_html && <PostHtml html={info.bio_html} className="post-body profile-bio" />}
    </header>
  );
}
