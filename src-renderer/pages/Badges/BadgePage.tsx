import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { useBadge, useBadgeAwards } from '../../api/badge/badge-query';
import type { BadgeAward, BadgeInfo } from '../../api/badge/types';
import { ApiError } from '../../api/errors';
import { paths, slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { ErrorPage } from '../../components/ErrorPage';
import { Pager } from '../../components/Pager';
import { PostHtml } from '../../components/PostHtml';
import { TimeAgo } from '../../components/TimeAgo';
import { UserAvatar } from '../../components/UserAvatar';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { BadgeIcon, BadgeLevel } from './BadgeIcon';
import './badges.css';
import { Icon } from '../../components/Icon';

/** Awards per page (the server's default). */
export const AWARDS_PAGE_SIZE = 30;

/** The post an award was earned on, as a link (nothing for profile badges or posts that are gone). */
function AwardObject({ a }: { a: BadgeAward }) {
  const { t } = useTranslation();
  const { site } = useSession();
  if (!a.object_type || !a.question_id) return null;
  const slug = slugInLinks(site.site_seo?.permalink) && a.url_title ? a.url_title : undefined;
  const query = a.object_type === 'comment' && a.comment_id ? `?commentId=${encodeURIComponent(a.comment_id)}` : '';
  return (
    <span>
      {t('people.awarded_for')}{' '}
      <Link to={to.question(a.question_id, slug, a.answer_id || undefined) + query}>{t(`people.object_${a.object_type}`)}</Link>
    </span>
  );
}

/** One award: who, when, and for what. */
function AwardRow({ a }: { a: BadgeAward }) {
  const { t } = useTranslation();
  const u = a.author_user_info;
  const name = u.display_name || u.username || '';
  return (
    <li className="award-item">
      <UserAvatar user={{ avatar: u.avatar, display_name: name }} size={40} />
      <div className="award-text">
        {u.username && u.status !== 'deleted' ? (
          <Link to={to.user(u.username)} className="award-user">
            {name}
          </Link>
        ) : (
          <span className="award-user">{name}</span>
        )}
        {typeof u.rank === 'number' && <span className="muted small">{t('people.reputation_count', { count: u.rank })}</span>}
        <span className="muted small award-when">
          {t('people.awarded_on')} <TimeAgo seconds={a.created_at} /> <AwardObject a={a} />
        </span>
      </div>
    </li>
  );
}

/** The badge and the page of its awards. */
function Badge({ badge }: { badge: BadgeInfo }) {
  const { t } = useTranslation();
  usePageTitle(`${badge.name} - ${t('people.badge_title')}`);
  const [params] = useSearchParams();
  const page = Math.max(1, Math.min(100000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const awards = useBadgeAwards(badge.id, page, AWARDS_PAGE_SIZE, true);
  const slow = useDelayed(awards.isLoading);
  const list = awards.data?.list ?? [];
  return (
    <div className="badge-page">
      <p className="small">
        <Link to={paths.badges}>
          <Icon name="arrow-left" /> {t('people.all_badges')}
        </Link>
      </p>
      <header className="badge-head card">
        <BadgeIcon icon={badge.icon} level={badge.level} size="lg" />
        <div className="badge-head-text">
          <h1>{badge.name}</h1>
          <BadgeLevel level={badge.level} />
          <PostHtml html={badge.description} className="badge-desc" />
          <p className="muted small">
            {t('people.awarded', { count: badge.award_count })} · {badge.is_single ? t('people.single') : t('people.multiple')}
          </p>
          {badge.earned_count > 0 && (
            <p className="badge-earned inline">
              <Icon name="check-circle" /> {t('people.earned_count', { count: badge.earned_count })}
            </p>
          )}
        </div>
      </header>
      <section aria-labelledby="awards-title">
        <h2 id="awards-title">{t('people.awards_heading')}</h2>
        {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
        {awards.isSuccess && list.length === 0 && (
          <div className="empty-state">
            <p>{t('people.awards_empty')}</p>
          </div>
        )}
        {list.length > 0 && (
          <ul className="award-list" aria-labelledby="awards-title" aria-busy={awards.isFetching}>
            {list.map((a, i) => (
              <AwardRow key={`${a.author_user_info.id ?? ''}-${a.created_at}-${i}`} a={a} />
            ))}
          </ul>
        )}
        {awards.data && (
          <Pager
            page={page}
            pageSize={AWARDS_PAGE_SIZE}
            total={awards.data.count}
            hrefFor={(p) => (p > 1 ? `${to.badge(badge.id)}?page=${p}` : to.badge(badge.id))}
          />
        )}
      </section>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  usePageTitle(t('people.badge_title'));
  const slow = useDelayed(true);
  return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} /> : null;
}

/** /badges/{badge_id}: one badge and who earned it; an unknown or inactive badge shows the 404 page. */
export default function BadgePage() {
  const { badgeId = '' } = useParams();
  const badge = useBadge(badgeId);
  if (badge.isError) return <ErrorPage kind={badge.error instanceof ApiError && badge.error.status >= 500 ? 500 : 404} />;
  if (!badge.data) return <Loading />;
  return <Badge badge={badge.data} />;
}
