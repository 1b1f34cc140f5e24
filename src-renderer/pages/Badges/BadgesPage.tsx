import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { useBadgeGroups } from '../../api/badge/badge-query';
import { badgeKeys } from '../../api/badge/keys';
import type { BadgeListItem } from '../../api/badge/types';
import { api, V1 } from '../../api/client';
import { to } from '../../app/paths';
import { useSession } from '../../app/session';
import { PostHtml } from '../../components/PostHtml';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { BadgeIcon, BadgeLevel } from './BadgeIcon';
import './badges.css';
import { Icon } from '../../components/Icon';

/** One badge of the list: icon, name, level, description, how often awarded, and whether the viewer earned it. */
function BadgeCard({ b, description }: { b: BadgeListItem; description?: string }) {
  const { t } = useTranslation();
  const earned = b.earned_count > 0;
  return (
    <li className={earned ? 'badge-card earned' : 'badge-card'}>
      {earned && (
        <span className="badge-earned" title={t('people.earned_count', { count: b.earned_count })}>
          <Icon name="check-circle" /> {t('people.earned')}
          {b.earned_count > 1 && ` ${t('people.earned_times', { count: b.earned_count })}`}
          <span className="sr-only">: {t('people.earned_count', { count: b.earned_count })}</span>
        </span>
      )}
      <BadgeIcon icon={b.icon} level={b.level} size="lg" />
      <h3 className="badge-card-name">
        <Link to={to.badge(b.id)}>{b.name}</Link>
      </h3>
      <BadgeLevel level={b.level} />
      {description !== undefined && <PostHtml html={description} className="badge-desc" />}
      <p className="muted small badge-awarded">{t('people.awarded', { count: b.award_count })}</p>
    </li>
  );
}

/** /badges: the active badges by group. */
export default function BadgesPage() {
  const { t } = useTranslation();
  usePageTitle(t('people.badges_title'));
  const { user } = useSession();
  const groups = useBadgeGroups();
  const slow = useDelayed(groups.isLoading);
  const all = (groups.data ?? []).flatMap((g) => g.badges);
  // the list carries no descriptions: each badge's own call has it (and warms the badge pages)
  const details = useQueries({
    queries: all.map((b) => ({
      queryKey: [...badgeKeys.detail(b.id), user?.id ?? ''],
      queryFn: () => api.get(`${V1}/badge`, { id: b.id }, { handleErrors: true }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const descriptions = new Map(details.flatMap((d) => (d.data ? [[d.data.id, d.data.description] as const] : [])));
  const visible = (groups.data ?? []).filter((g) => g.badges.length > 0);
  return (
    <div className="badges-page">
      <h1>{t('people.badges_title')}</h1>
      <p className="muted badges-intro">{t('people.badges_intro')}</p>
      {slow && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />}
      {groups.isSuccess && visible.length === 0 && (
        <div className="empty-state">
          <p>{t('people.badges_empty')}</p>
        </div>
      )}
      {visible.map((g, i) => (
        <section key={g.group_name} className="badge-group" aria-labelledby={`badge-group-${i}`}>
          <h2 id={`badge-group-${i}`}>{g.group_name}</h2>
          <ul className="badge-grid" aria-labelledby={`badge-group-${i}`}>
            {g.badges.map((b) => (
              <BadgeCard key={b.id} b={b} description={descriptions.get(b.id)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
