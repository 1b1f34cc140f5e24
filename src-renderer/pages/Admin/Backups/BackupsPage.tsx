import { useTranslation } from 'react-i18next';
import { Button, Message } from '../../../components/ui';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { BackupList } from './BackupList';
import { ExportDownloadButton } from './ExportDownloadButton';
import { JobStatus } from './JobStatus';
import { RestoreConfirm } from './RestoreConfirm';
import { RestoreUploadForm } from './RestoreUploadForm';
import { ScheduleForm } from './ScheduleForm';
import { ScheduledExports } from './ScheduledExports';
import { useBackupsPage } from './useBackupsPage';
import './backups.css';

/**
 * /admin/backups: back up now, the backups with size and date (download, delete, restore), restore
 * from a file, the daily schedule. A restore sends the site to the maintenance page, which follows
 * the restore and comes back here.
 */
export default function BackupsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin_backup.title'));
  const page = useBackupsPage();
  const { overview, backUp, job, running, startError, confirm, setConfirm } = page;

  return (
    <div className="admin-backups">
      <h1>{t('admin_backup.title')}</h1>
      <p className="muted">{t('admin_backup.intro')}</p>
      <div className="backup-actions">
        <Button
          type="button"
          label={backUp.isPending || (running && job?.kind === 'backup') ? t('admin_backup.backing_up') : t('admin_backup.back_up_now')}
          icon="save"
          disabled={running || backUp.isPending}
          onClick={() => backUp.mutate(undefined)}
        />
        <ExportDownloadButton kind="se" />
        <ExportDownloadButton kind="html" />
      </div>
      {startError && <Message severity="error" text={startError.message} />}
      {job && (
        <section className="admin-card" aria-labelledby="backup-job">
          <h2 id="backup-job">{t('admin_backup.job_heading')}</h2>
          <JobStatus job={job} />
        </section>
      )}

      {confirm && <RestoreConfirm target={confirm} onYes={() => page.startRestore(confirm)} onCancel={() => setConfirm(null)} />}

      <BackupList
        backups={overview.data?.backups}
        running={running}
        onRestore={(name) => setConfirm({ kind: 'listed', name })}
        onDelete={(name) => page.remove.mutate(name)}
      />

      <RestoreUploadForm
        maxUploadMb={overview.data?.max_upload_mb ?? 0}
        uploaded={page.uploaded}
        disabled={running || page.restoreUpload.isPending}
        onRestore={(file) => setConfirm({ kind: 'file', file })}
      />

      {overview.data && <ScheduleForm schedule={overview.data.schedule} />}
      <ScheduledExports />
    </div>
  );
}
