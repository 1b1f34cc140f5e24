/** Where the CLI writes: stdout for results, stderr for progress and errors (tests pass their own). */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (a redrawn bar) or not (one line per phase). */
  tty: boolean;
}

/** The process's own streams. */
export const processIo: CliIo = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  tty: !!process.stderr.isTTY,
};

const WIDTH = 30;

/**
 * A progress bar on stderr: redrawn in place on a terminal, else one line when each phase
 * starts and when it ends (logs stay short).
 */
export class ProgressBar {
  private phase = '';
  private lastPercent = -1;

  constructor(private readonly io: CliIo) {}

  /** Shows `done` of `total` in `phase` (a short label). */
  update(phase: string, done: number, total: number): void {
    const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
    const percent = Math.floor(fraction * 100);
    if (phase !== this.phase) {
      if (this.phase && this.io.tty) this.io.err('\n');
      this.phase = phase;
      this.lastPercent = -1;
      if (!this.io.tty) this.io.err(`${phase}…\n`);
    }
    if (percent === this.lastPercent) return;
    this.lastPercent = percent;
    if (this.io.tty) {
      const filled = Math.round(fraction * WIDTH);
      this.io.err(`\r${phase.padEnd(22)} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}%`);
    }
  }

  /** Ends the bar's line. */
  done(): void {
    if (this.phase && this.io.tty) this.io.err('\n');
    this.phase = '';
  }
}

/** What each phase of a backup or restore is called on the progress bar. */
export const PHASE_LABELS: Record<string, string> = {
  database: 'Copying the database',
  files: 'Checksumming uploads',
  archive: 'Writing the archive',
  reading: 'Reading the archive',
  checking: 'Checking the backup',
  swapping: 'Swapping the data in',
  migrating: 'Migrating',
};
