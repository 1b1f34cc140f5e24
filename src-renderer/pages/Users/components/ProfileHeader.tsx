import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { levelName, type UserBadge } from '../../../api/badge/types';
import type { ProfileInfo } from '../../../api/personal/types';
import { to } from '../../../app/paths';
import { PostHtml } from '../../../components/PostHtml';
import { TimeAgo } from '../../../components/TimeAgo';
import { UserAvatar } from '../../../components/UserAvatar';
import { Icon } from '../../../components/Icon';

/** A website as a link the browser opens in full (with a scheme added when the user left it out). */
function websiteHref(site: string): string {
  return /^https?:\/\//i.test(site) ? site : `http://${site}`;
}

/** How many badges of each level a user holds (each award counted). */
export function badgeTotals(badges: UserBadge[]): Record<'gold' | 'silver' | 'bronze', number> {
  const out = { gold: 0, silver: 0, bronze: 0 };
  for (const b of badges) out[levelName(b.level)] += Math.max(1, b.earned_count || 0);
  return out;
}

/** The profile's header: avatar, names, status, reputation, counts, bio, location, website, dates, badges and the edit link for oneself. */
export function ProfileHeader({ info, self, badges }: { info: ProfileInfo; self: boolean; badges: UserBadge[] | undefined }) {
  const { t } = useTranslation();
  const deleted = info.status === 'deleted';
  const statusLabel =
    info.status === 'suspended'
      ? t('people.status_suspended')
      : deleted
        ? t('people.status_deleted')
        : info.status === 'inactive'
          ? t('people.status_inactive')
          : '';
  const totals = badges ? badgeTotals(badges) : null;
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
            {statusLabel && <span className="status-badge">{statusLabel}</span>}
          </div>
          <p className="muted profile-username">{t('people.username', { username: info.username })}</p>
          <dl className="profile-stats">
            <div>
              <dt>{t('people.reputation')}</dt>
              <dd>
                <strong>{info.rank}</strong>
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t('people.tab_answers')}</dt>
              <dd>{t('people.answers_count', { count: info.answer_count })}</dd>
            </div>
            <div>
              <dt className="sr-only">{t('people.tab_questions')}</dt>
              <dd>{t('people.questions_count', { count: info.question_count })}</dd>
            </div>
          </dl>
          {totals && (
            <p className="profile-badges">
              <Link to={to.user(info.username, 'badges')} className="profile-badges-link">
                <span className="sr-only">{t('people.badge_summary')}: </span>
                {(['gold', 'silver', 'bronze'] as const).map((lvl) => (
                  <span key={lvl} className={`badge-count level-${lvl}`}>
                    <span className="badge-dot" aria-hidden="true" />
                    {t(`people.${lvl}_count`, { count: totals[lvl] })}
                  </span>
                ))}
              </Link>
            </p>
          )}
          <ul className="profile-meta muted">
            {info.location && (
              <li>
                <Icon name="map-pin" />
                <span className="sr-only">{t('people.location')}: </span>
                {info.location}
              </li>
            )}
            {info.website && (
              <li>
                <Icon name="globe" />
                <span className="sr-only">{t('people.website')}: </span>
                <a href={websiteHref(info.website)} rel="nofollow noopener noreferrer" target="_blank">
                  {info.website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
                </a>
              </li>
            )}
            {info.created_at > 0 && (
              <li>
                <Icon name="calendar" />
                {t('people.member_since')} <TimeAgo seconds={info.created_at} />
              </li>
            )}
            {info.last_login_date > 0 && (
              <li>
                <Icon name="clock" />
                {t('people.last_seen')} <TimeAgo seconds={info.last_login_date} />
              </li>
            )}
          </ul>
        </div>
        {self && (
          <Link to={to.settings('profile')} className="p-button p-button-outlined p-button-sm profile-edit">
            <Icon name="user-edit" />
            &nbsp;{t('people.edit_profile')}
          </Link>
        )}
      </div>
      {!deleted && info.bio_html && <PostHtml html={info.bio_html} className="post-body profile-bio" />}
    </header>
  );
}
