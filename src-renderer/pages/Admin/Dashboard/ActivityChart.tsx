import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/ui';
import type { DashboardActivity } from '../../../api/admin/types';

type Day = DashboardActivity['days'][number];

/** The chart's three lines and their colours. */
const SERIES = [
  ['questions', '#2563eb'],
  ['answers', '#16a34a'],
  ['users', '#d97706'],
] as const;

/** The chart's colours from the page's theme (the canvas cannot read CSS variables itself). */
function themeColours() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { fg: v('--fg', '#1f2328'), muted: v('--muted', '#57606a'), border: v('--border', '#d0d7de') };
}

/** The line chart's data: one line per series over the days. */
function chartData(t: TFunction, days: Day[], labels: string[]) {
  return {
    labels,
    datasets: SERIES.map(([k, colour]) => ({
      label: t(`admin.dashboard.${k}`),
      data: days.map((d) => d[k]),
      borderColor: colour,
      backgroundColor: colour,
      tension: 0.25,
    })),
  };
}

/** The line chart's options: no animation, whole numbers from zero, the theme's colours on the legend, ticks and grid. */
function chartOptions() {
  const c = themeColours();
  return {
    maintainAspectRatio: false,
    animation: false,
    plugins: { legend: { labels: { color: c.fg } } },
    scales: {
      x: { ticks: { color: c.muted, maxRotation: 0, autoSkipPadding: 12 }, grid: { color: c.border } },
      y: { beginAtZero: true, ticks: { color: c.muted, precision: 0 }, grid: { color: c.border } },
    },
  };
}

/** The chart's figures as a table, folded, for screen readers and anyone who wants the numbers. */
function ActivityTable({ days }: { days: Day[] }) {
  const { t } = useTranslation();
  return (
    <details className="admin-activity-table">
      <summary>{t('admin.dashboard.activity_table')}</summary>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.dashboard.date')}</th>
            <th scope="col">{t('admin.dashboard.questions')}</th>
            <th scope="col">{t('admin.dashboard.answers')}</th>
            <th scope="col">{t('admin.dashboard.users')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.questions}</td>
              <td>{d.answers}</td>
              <td>{d.users}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Questions, answers and users per day as a line chart, with the same figures as a table for screen readers. */
export function ActivityChart({ activity }: { activity: DashboardActivity }) {
  const { t, i18n } = useTranslation();
  const days = activity.days;
  const labels = days.map((d) =>
    new Date(`${d.date}T00:00:00Z`).toLocaleDateString(i18n.language.replace('_', '-'), {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => chartData(t, days, labels), [activity, t]);
  const sum = (k: 'questions' | 'answers' | 'users') => days.reduce((n, d) => n + d[k], 0);
  return (
    <section className="admin-card admin-activity" aria-labelledby="activity-title">
      <h2 id="activity-title">{t('admin.dashboard.activity')}</h2>
      <p className="admin-activity-summary">
        {t('admin.dashboard.activity_summary', { questions: sum('questions'), answers: sum('answers'), users: sum('users') })}
      </p>
      <div className="admin-chart" aria-hidden="true">
        <Chart type="line" data={data} options={chartOptions()} style={{ height: '100%' }} />
      </div>
      <ActivityTable days={days} />
    </section>
  );
}
