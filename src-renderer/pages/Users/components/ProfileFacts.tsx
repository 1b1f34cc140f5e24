import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileInfo } from '../../../api/personal/types';
import { to } from '../../../app/paths';
import { Icon } from '../../../components/Icon';
import { TimeAgo } from '../../../components/TimeAgo';

/** A website as a link the browser opens in full (with a scheme added when the user left it out). */
function websiteHref(site: string): string {
  return /^https?:\/\//i.test(site) ? site : `http://${site}`;
}

/** A profile's reputation, answer count and question count. */
export function ProfileStats({ info }: { info: ProfileInfo }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The gold, silver and bronze badge counts, linking to the profile's badges tab. */
export function ProfileBadgeCounts({ username, totals }: { username: string; totals: Record<'gold' | 'silver' | 'bronze', number> }) {
  const { t } = useTranslation();
  return (
    <p className="profile-badges">
      <Link to={to.user(username, 'badges')} className="profile-badges-link">
        <span className="sr-only">{t('people.badge_summary')}: </span>
        {(['gold', 'silver', 'bronze'] as const).map((lvl) => (
          <span key={lvl} className={`badge-count level-${lvl}`}>
            <span className="badge-dot" aria-hidden="true" />
            {t(`people.${lvl}_count`, { count: totals[lvl] })}
          </span>
        ))}
      </Link>
    </p>
  );
}

/** Where the user is, their website, when they joined and when they were last seen (each when known). */
export function ProfileMeta({ info }: { info: ProfileInfo }) {
  const { t } = useTranslation();
  return (
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
  );
}
