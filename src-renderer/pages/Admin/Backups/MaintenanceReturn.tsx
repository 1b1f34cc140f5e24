import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ProgressBar } from '../../../components/ui';
import { ADMIN, V1, api } from '../../../api/client';
import type { BackupJob } from '../../../api/backup/types';

const POLL_MS = 500;

/** An in-app path to go back to (never another site: //host or a backslash are refused). */
export function safeBack(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  return raw.slice(0, 500);
}

/**
 * On the maintenance page: with ?back=, asks the server until the site answers again, then goes
 * back there; with &job=restore (the admin who started a restore) it follows the restore's
 * progress and goes back when it has finished, or was refused.
 */
export function MaintenanceReturn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const back = safeBack(params.get('back'));
  const followJob = params.get('job') === 'restore';
  const [job, setJob] = useState<BackupJob | null>(null);

  useEffect(() => {
    if (!back) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        if (followJob) {
          const current = await api.get(`${ADMIN}/backups/job`, undefined, { handleErrors: true });
          if (stopped) return;
          setJob(current);
          if (!current || current.state !== 'running') return navigate(back, { replace: true });
        } else {
          await api.get(`${V1}/siteinfo`, undefined, { handleErrors: true });
          if (!stopped) return navigate(back, { replace: true });
        }
      } catch {
        /* still in maintenance: ask again */
      }
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [back, followJob, navigate]);

  if (!back) return null;
  const percent = job && job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
  return (
    <div className="backup-job" aria-live="polite">
      {job?.state === 'running' && (
        <>
          <p>{t(`admin_backup.phase.${job.phase}`)}</p>
          <ProgressBar value={percent} aria-label={t('admin_backup.progress_label')} />
        </>
      )}
      <p className="muted">{t('admin_backup.maintenance_back')}</p>
    </div>
  );
}
