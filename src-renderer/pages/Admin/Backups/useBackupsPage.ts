import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBackUpNow, useBackups, useDeleteBackup, useRestoreListed, useRestoreUpload } from '../../../api/backup/backup-query';
import { ApiError } from '../../../api/errors';
import { paths } from '../../../app/paths';

/** The maintenance page's address during a restore: it follows the job and comes back here. */
export const RESTORE_MAINTENANCE = `${paths.maintenance}?back=${encodeURIComponent(paths.adminBackups)}&job=restore`;

/** What is about to be restored (a listed backup by name, or a chosen file). */
export type RestoreTarget = { kind: 'listed'; name: string } | { kind: 'file'; file: File };

/** The name a restore target is shown by. */
export const targetName = (c: RestoreTarget) => (c.kind === 'listed' ? c.name : c.file.name);

/** The backups page's state: the list and job, the calls that start one, the restore awaiting confirmation, the upload's progress. */
export function useBackupsPage() {
  const navigate = useNavigate();
  const overview = useBackups();
  const backUp = useBackUpNow();
  const restoreListed = useRestoreListed();
  const restoreUpload = useRestoreUpload();
  const remove = useDeleteBackup();
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

  const startRestore = (c: RestoreTarget) => {
    const onStarted = { onSuccess: () => navigate(RESTORE_MAINTENANCE) };
    if (c.kind === 'listed') restoreListed.mutate(c.name, onStarted);
    else {
      setUploaded(0);
      restoreUpload.mutate({ file: c.file, onUpload: setUploaded }, { ...onStarted, onSettled: () => setUploaded(null) });
    }
    setConfirm(null);
  };

  return { overview, backUp, restoreUpload, remove, job, running, startError, confirm, setConfirm, startRestore, uploaded };
}
