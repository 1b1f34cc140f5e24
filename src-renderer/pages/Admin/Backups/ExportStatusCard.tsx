import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExportSchedule } from '../../../api/export-schedule/export-schedule-query';
import { paths } from '../../../app/paths';
import { fullTime } from '../../../utils/time';
import { LastExportRun } from './LastExportRun';

/** The dashboard's card: the scheduled exports' last run and next time, with a link to their settings. */
export function ExportStatusCard() {
  const { t, i18n } = useTranslation();
  const overview = useExportSchedule();
  const o = overview.data;
  if (!o) return null;
  return (
    <section className="admin-card export-card" aria-labelledby="export-card-title">
      <h2 id="export-card-title">{t('admin_export.card_heading')}</h2>
      <LastExportRun run={o.last_run} />
      <p className="muted">
        {o.next_run_at !== null
          ? t('admin_export.next_run', { time: fullTime(o.next_run_at, i18n.language) })
          : t('admin_export.next_run_off')}
      </p>
      <Link to={paths.adminBackups}>{t('admin_export.card_link')}</Link>
    </section>
  );
}
