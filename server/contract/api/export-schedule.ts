/** What a scheduled run writes into the chosen folder. */
export interface ExportKinds {
  /** The static HTML archive (folder `site/`). */
  archive: boolean;
  /** A backup archive (folder `backups/`, the newest few kept). */
  backup: boolean;
  /** The Stack Exchange export (folder `stackexchange/`). */
  se: boolean;
}

/** The scheduled exports' settings (Admin → Backups). */
export interface ExportSchedule {
  enabled: boolean;
  /** An absolute folder path on the server's computer. */
  folder: string;
  /** Local time of day, "HH:MM". */
  time: string;
  kinds: ExportKinds;
}

/** What one kind of export wrote in a run. */
export interface ExportStepResult {
  kind: keyof ExportKinds;
  ok: boolean;
  /** The folder or file written, relative to the chosen folder. */
  path: string;
  /** Figures of what was written (pages, questions, bytes ...), by name. */
  counts: Record<string, number>;
  /** The failure, in the admin's language; null when it worked. */
  error: string | null;
}

/** The last run of the scheduled exports. */
export interface ExportRun {
  /** Unix seconds. */
  started_at: number;
  finished_at: number;
  duration_ms: number;
  /** Whether it ran by the schedule or by the run-now button. */
  trigger: 'schedule' | 'manual';
  ok: boolean;
  /** The first failure, in the admin's language; null when every step worked. */
  error: string | null;
  folder: string;
  steps: ExportStepResult[];
}

/** GET admin exports/schedule. */
export interface ExportScheduleOverview {
  schedule: ExportSchedule;
  /** Whether a run is going on now. */
  running: boolean;
  /** Unix seconds of the next scheduled run; null when the schedule is off. */
  next_run_at: number | null;
  last_run: ExportRun | null;
}
