import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  downloadBackup,
  useBackUpNow,
  useBackups,
  useDeleteBackup,
  useRestoreListed,
  useRestoreUpload,
  useSaveSchedule,
} from '../../../api/backup/backup-query';
import { Button, Checkbox, InputNumber, Message, ProgressBar } from '../../../components/ui';
import type { BackupJob, BackupSchedule } from '../../../api/backup/types';
import { ApiError, fieldMap } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { ScheduledExports } from './ScheduledExports';
import { ExportDownloadButton } from './ExportDownloadButton';
import './backups.css';

/** The maintenance page's address during a restore: it follows the job and comes back here. */
export const RESTORE_MAINTENANCE = `${paths.maintenance}?back=${encodeURIComponent(paths.adminBackups)}&job=restore`;

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

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

function ScheduleForm({ schedule }: { schedule: BackupSchedule }) {
  const { t } = useTranslation();
  const save = useSaveSchedule();
  const [value, setValue] = useState(schedule);
  const errors = fieldMap(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value);
  };
  return (
    <section className="admin-card" aria-labelledby="backup-schedule">
      <h2 id="backup-schedule">{t('admin_backup.schedule_heading')}</h2>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="field field-checkbox">
          <Checkbox inputId="schedule-enabled" checked={value.enabled} onChange={(e) => setValue({ ...value, enabled: !!e.checked })} />
          <label htmlFor="schedule-enabled">{t('admin_backup.schedule_enabled')}</label>
        </div>
        <div className="field">
          <label htmlFor="schedule-hour">{t('admin_backup.schedule_hour')}</label>
          <InputNumber
            inputId="schedule-hour"
            value={value.hour}
            min={0}
            max={23}
            useGrouping={false}
            showButtons
            onValueChange={(e) => setValue({ ...value, hour: e.value ?? 0 })}
            invalid={!!errors.hour}
            aria-invalid={!!errors.hour}
          />
          {errors.hour && (
            <small className="field-error" role="alert">
              {errors.hour}
            </small>
          )}
        </div>
        <div className="field">
          <label htmlFor="schedule-keep">{t('admin_backup.schedule_keep')}</label>
          <InputNumber
            inputId="schedule-keep"
            value={value.keep}
            min={1}
            max={365}
            useGrouping={false}
            showButtons
            onValueChange={(e) => setValue({ ...value, keep: e.value ?? 1 })}
            invalid={!!errors.keep}
            aria-invalid={!!errors.keep}
            aria-describedby="schedule-keep_hint"
          />
          <small id="schedule-keep_hint" className="field-hint">
            {t('admin_backup.schedule_keep_hint')}
          </small>
          {errors.keep && (
            <small className="field-error" role="alert">
              {errors.keep}
            </small>
          )}
        </div>
        {save.isSuccess && <Message severity="success" text={t('admin_backup.schedule_saved')} />}
        <div>
          <Button type="submit" label={t('admin_backup.schedule_save')} disabled={save.isPending} />
        </div>
      </form>
    </section>
  );
}

/** What is about to be restored (a listed backup by name, or a chosen file). */
type RestoreTarget = { kind: 'listed'; name: string } | { kind: 'file'; file: File };

/**
 * /admin/backups: back up now, the backups with size and date (download, delete, restore), restore
 * from a file, the daily schedule. A restore sends the site to the maintenance page, which follows
 * the restore and comes back here.
 */
export default function BackupsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('admin_backup.title'));
  const navigate = useNavigate();
  const overview = useBackups();
  const backUp = useBackUpNow();
  const restoreListed = useRestoreListed();
  const restoreUpload = useRestoreUpload();
  const remove = useDeleteBackup();
  const [file, setFile] = useState<File | null>(null);
  const [confirm, setConfirm] = useState<RestoreTarget | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const job = overview.data?.job ?? null;
  const running = job?.state === 'running';
  const startError = [backUp.error, restoreListed.error, restoreUpload.error, remove.error].find((e) => e instanceof ApiError) as
    | ApiError
    | undefined;

  // a backup that finished adds itself to the list
  const finishedId = job && job.state !== 'running' ? job.id : 0;
  const { refetch } = overview;
  useEffect(() => {
    if (finishedId) void refetch();
  }, [finishedId, refetch]);

  const targetName = (c: RestoreTarget) => (c.kind === 'listed' ? c.name : c.file.name);
  const startRestore = (c: RestoreTarget) => {
    const onStarted = { onSuccess: () => navigate(RESTORE_MAINTENANCE) };
    if (c.kind === 'listed') restoreListed.mutate(c.name, onStarted);
    else {
      setUploaded(0);
      restoreUpload.mutate({ file: c.file, onUpload: setUploaded }, { ...onStarted, onSettled: () => setUploaded(null) });
    }
    setConfirm(null);
  };
  const dateOf = (s: number) =>
    new Date(s * 1000).toLocaleString(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });

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

      {confirm && (
        <section
          className="admin-card backup-confirm"
          role="alertdialog"
          aria-labelledby="backup-confirm-h"
          aria-describedby="backup-confirm-p"
        >
          <h2 id="backup-confirm-h">{t('admin_backup.confirm_heading')}</h2>
          <p id="backup-confirm-p">{t('admin_backup.confirm_text', { name: targetName(confirm) })}</p>
          <div className="backup-actions">
            <Button
              type="button"
              severity="danger"
              label={t('admin_backup.confirm_yes', { name: targetName(confirm) })}
              onClick={() => startRestore(confirm)}
              autoFocus
            />
            <Button type="button" outlined label={t('admin_backup.cancel')} onClick={() => setConfirm(null)} />
          </div>
        </section>
      )}

      <section className="admin-card" aria-labelledby="backup-list">
        <h2 id="backup-list">{t('admin_backup.list_heading')}</h2>
        {overview.data && overview.data.backups.length === 0 && <p className="admin-empty">{t('admin_backup.empty')}</p>}
        {overview.data && overview.data.backups.length > 0 && (
          <table className="admin-table backup-table">
            <thead>
              <tr>
                <th scope="col">{t('admin_backup.col_name')}</th>
                <th scope="col">{t('admin_backup.col_date')}</th>
                <th scope="col">{t('admin_backup.col_size')}</th>
                <th scope="col">{t('admin_backup.col_kind')}</th>
                <th scope="col">{t('admin_backup.col_actions')}</th>
              </tr>
            </thead>
            <tbody>
              {overview.data.backups.map((b) => (
                <tr key={b.name} data-backup={b.name}>
                  <th scope="row" className="backup-name">
                    {b.name}
                  </th>
                  <td data-label={t('admin_backup.col_date')}>{dateOf(b.created_at)}</td>
                  <td data-label={t('admin_backup.col_size')}>{formatSize(b.size)}</td>
                  <td data-label={t('admin_backup.col_kind')}>
                    {b.scheduled ? t('admin_backup.kind_scheduled') : t('admin_backup.kind_manual')}
                  </td>
                  <td className="backup-row-actions">
                    <Button
                      type="button"
                      size="small"
                      text
                      icon="download"
                      label={t('admin_backup.download')}
                      aria-label={t('admin_backup.download_name', { name: b.name })}
                      onClick={() => void downloadBackup(b.name)}
                    />
                    <Button
                      type="button"
                      size="small"
                      text
                      icon="replay"
                      label={t('admin_backup.restore')}
                      aria-label={t('admin_backup.restore_name', { name: b.name })}
                      disabled={running}
                      onClick={() => setConfirm({ kind: 'listed', name: b.name })}
                    />
                    <Button
                      type="button"
                      size="small"
                      text
                      severity="danger"
                      icon="trash"
                      label={t('admin_backup.delete')}
                      aria-label={t('admin_backup.delete_name', { name: b.name })}
                      disabled={running}
                      onClick={() => {
                        if (window.confirm(t('admin_backup.delete_confirm', { name: b.name }))) remove.mutate(b.name);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="admin-card" aria-labelledby="backup-restore">
        <h2 id="backup-restore">{t('admin_backup.restore_heading')}</h2>
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) setConfirm({ kind: 'file', file });
          }}
          noValidate
        >
          <div className="field">
            <label htmlFor="restore-file">{t('admin_backup.restore_file_label')}</label>
            <input
              id="restore-file"
              name="file"
              type="file"
              accept=".gz,.tgz,application/gzip"
              aria-describedby="restore-file_hint"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <small id="restore-file_hint" className="field-hint">
              {t('admin_backup.restore_file_hint', { max: overview.data?.max_upload_mb ?? 0 })}
            </small>
          </div>
          {uploaded !== null && (
            <ProgressBar
              value={Math.round(uploaded * 100)}
              aria-label={t('admin_backup.uploading', { percent: Math.round(uploaded * 100) })}
            />
          )}
          <div>
            <Button
              type="submit"
              icon="upload"
              label={t('admin_backup.restore_upload')}
              disabled={!file || running || restoreUpload.isPending}
            />
          </div>
        </form>
      </section>

      {overview.data && <ScheduleForm schedule={overview.data.schedule} />}
      <ScheduledExports />
    </div>
  );
}
