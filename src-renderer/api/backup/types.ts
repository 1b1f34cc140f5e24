/** One backup in the data dir's backups folder. */
export interface BackupItem {
  name: string;
  size: number;
  created_at: number;
  scheduled: boolean;
}

/** The running (or last) backup or restore. */
export interface BackupJob {
  id: number;
  kind: 'backup' | 'restore';
  state: 'running' | 'done' | 'failed';
  phase: 'starting' | 'database' | 'files' | 'archive' | 'reading' | 'checking' | 'swapping' | 'migrating';
  done: number;
  total: number;
  name: string;
  started_at: number;
  finished_at: number;
  counts: { questions: number; answers: number; users: number; files: number } | null;
  error: string | null;
}

/** The daily backup schedule. */
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
