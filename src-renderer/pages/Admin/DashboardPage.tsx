import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { useDashboard, useDashboardActivity } from '../../api/admin/dashboard-query';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { fullTime } from '../../utils/time';
import { ExportStatusCard } from './Backups/ExportStatusCard';
import { ActivityChart } from './Dashboard/ActivityChart';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** Days, hours and minutes of an uptime in seconds ("2d 3h 4m"). */
export function uptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return [d ? `${d}d` : '', d || h ? `${h}h` : '', `${m}m`].filter(Boolean).join(' ');
}

/** /admin and /admin/dashboard: the site's figures, activity over the last 30 days and the server's health. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('admin.dashboard.title'));
  const info = useDashboard();
  const activity = useDashboardActivity();
  const spinner = useDelayed(info.isLoading || activity.isLoading);
  const i = info.data;
  const h = activity.data?.health;
  const yes = (b: boolean) => (b ? t('admin.dashboard.yes') : t('admin.dashboard.no'));
  return (
    <div className="admin-dashboard">
      <h1>{t('admin.dashboard.title')}</h1>
      {spinner && <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('admin.common.loading')} />}
      <div className="admin-cards">
        {i && (
          <section className="admin-card" aria-labelledby="stats-title">
            <h2 id="stats-title">{t('admin.dashboard.site_stats')}</h2>
            <dl>
              <Figure label={t('admin.dashboard.questions')} value={i.question_count} />
              <Figure
                label={t('admin.dashboard.resolved')}
                value={t('admin.dashboard.rate', { count: i.resolved_count, rate: i.resolved_rate })}
              />
              <Figure
                label={t('admin.dashboard.unanswered')}
                value={t('admin.dashboard.rate', { count: i.unanswered_count, rate: i.unanswered_rate })}
              />
              <Figure label={t('admin.dashboard.answers')} value={i.answer_count} />
              <Figure label={t('admin.dashboard.comments')} value={i.comment_count} />
              <Figure label={t('admin.dashboard.votes')} value={i.vote_count} />
              <Figure label={t('admin.dashboard.users')} value={i.user_count} />
              <Figure label={t('admin.dashboard.review')} value={i.report_count} />
            </dl>
            {i.report_count > 0 && <Link to="/review">{t('admin.dashboard.review_link')}</Link>}
          </section>
        )}
        {h && (
          <section className="admin-card" aria-labelledby="health-title">
            <h2 id="health-title">{t('admin.dashboard.health')}</h2>
            <dl>
              <Figure label={t('admin.dashboard.version')} value={h.version} />
              <Figure label={t('admin.dashboard.database_size')} value={h.database_size} />
              <Figure label={t('admin.dashboard.uploads_size')} value={h.uploads_size} />
              <Figure
                label={t('admin.dashboard.last_backup')}
                value={h.last_backup_at ? fullTime(h.last_backup_at, i18n.language) : t('admin.dashboard.no_backup')}
              />
              {i && <Figure label={t('admin.dashboard.database')} value={i.database_version} />}
              {i && <Figure label={t('admin.dashboard.runtime')} value={i.go_version} />}
              {i && <Figure label={t('admin.dashboard.uptime')} value={uptime(Number(i.app_start_time) || 0)} />}
            </dl>
          </section>
        )}
        {i && (
          <section className="admin-card" aria-labelledby="site-title">
            <h2 id="site-title">{t('admin.dashboard.site_info')}</h2>
            <dl>
              <Figure label={t('admin.dashboard.https')} value={yes(i.https)} />
              <Figure label={t('admin.dashboard.smtp')} value={t(`admin.dashboard.smtp_${i.smtp}`)} />
              <Figure label={t('admin.dashboard.login_required')} value={yes(i.login_required)} />
              <Figure label={t('admin.dashboard.time_zone')} value={i.time_zone} />
            </dl>
          </section>
        )}
        <ExportStatusCard />
      </div>
      {activity.data && <ActivityChart activity={activity.data} />}
    </div>
  );
}
