import { useTranslation } from 'react-i18next';
import { Message, ProgressBar } from '../../../components/ui';
import type { BackupJob } from '../../../api/backup/types';

/** A job's percent through its current phase. */
export function jobPercent(job: BackupJob): number {
  return job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
}

/** The running or last job: a progress bar while it runs, then what came of it. */
export function JobStatus({ job }: { job: BackupJob }) {
  const { t } = useTranslation();
  if (job.state === 'running') {
    return (
      <div className="backup-job" aria-live="polite">
        <p>{t(`admin_backup.phase.${job.phase}`)}</p>
        <ProgressBar
          value={jobPercent(job)}
          aria-label={t('admin_backup.progress_label')}
          role="progressbar"
          aria-valuenow={jobPercent(job)}
          aria-valuemin={0}
          aria-valuemax={100}
        />
      </div>
    );
  }
  if (job.kind === 'backup') {
    return job.state === 'done' ? (
      <Message severity="success" text={t('admin_backup.backup_done', { name: job.name })} />
    ) : (
      <Message severity="error" text={t('admin_backup.backup_failed', { error: job.error ?? '' })} />
    );
  }
  return job.state === 'done' ? (
    <Message
      severity="success"
      text={t('admin_backup.restore_done', { name: job.name, ...(job.counts ?? { questions: 0, answers: 0, users: 0, files: 0 }) })}
    />
  ) : (
    <Message severity="error" text={t('admin_backup.restore_failed', { error: job.error ?? '' })} />
  );
}
