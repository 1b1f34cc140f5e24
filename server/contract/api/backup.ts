/** One backup in the data dir's backups folder. */
export interface BackupItem {
  name: string;
  size: number;
  /** Unix seconds (from the name, which records the time it was taken). */
  created_at: number;
  scheduled: boolean;
}

/** The running (or last) backup or restore, as the admin page follows it. */
export interface BackupJob {
  id: number;
  kind: 'backup' | 'restore';
  state: 'running' | 'done' | 'failed';
  phase: 'starting' | 'database' | 'files' | 'archive' | 'reading' | 'checking' | 'swapping' | 'migrating';
  done: number;
  total: number;
  /** The backup written or restored. */
  name: string;
  started_at: number;
  finished_at: number;
  counts: { questions: number; answers: number; users: number; files: number } | null;
  /** The failure, translated. */
  error: string | null;
}

/** The daily backup schedule: at `hour` (local time), keeping the last `keep` scheduled backups. */
export interface BackupSchedule {
  enabled: boolean;
  hour: number;
  keep: number;
}

/** GET admin backups. */
export interface BackupOverview {
  backups: BackupItem[];
  job: BackupJob | null;
  schedule: BackupSchedule;
  max_upload_mb: number;
}
