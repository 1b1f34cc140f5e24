import { rm } from 'node:fs/promises';
import type { AppContext } from '../../app-context.js';
import type { ImportJobStatus } from '../../contract/api/import.js';
import { uploadsDir } from '../upload/upload.service.js';
import { localiseImportedImages } from './image-localise.js';
import { importStackExchange, siteFrom, type ImportProgress } from './stackexchange.js';

/** The admin import as the page polls it. */
export type { ImportJobStatus };

const idle = (): ImportJobStatus => ({
  state: 'idle',
  site: '',
  files: [],
  ignored: [],
  step: '',
  rows: 0,
  percent: 0,
  started_at: 0,
  finished_at: 0,
  report: null,
  error: '',
  images: null,
});

/**
 * One import at a time per app, run in the server process between requests (a batch at a time).
 * The last job's summary stays until the next starts. Closing the app stops a running import
 * between two batches and waits for it.
 */
export class ImportJobs {
  private current: ImportJobStatus = idle();
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(private readonly ctx: AppContext) {
    ctx.beforeClose.push(async () => {
      this.abort.abort();
      await this.running;
    });
  }

  busy(): boolean {
    return this.running !== null;
  }

  status(): ImportJobStatus {
    return { ...this.current, files: [...this.current.files], ignored: [...this.current.ignored] };
  }

  /** Starts importing the dump in `dir` (removed afterwards with `cleanup`); the caller checked busy(). */
  start(
    dir: string,
    site: string,
    files: string[],
    ignored: string[],
    cleanup: string,
    opts: { fetchImages?: boolean } = {},
  ): ImportJobStatus {
    if (this.running) throw new Error('an import is running');
    const job: ImportJobStatus = { ...idle(), state: 'running', site, files, ignored, step: 'check', started_at: this.ctx.clock.now() };
    this.current = job;
    const progress = (p: ImportProgress) => {
      job.step = p.step;
      job.rows = p.rows;
      job.percent = Math.floor(p.fraction * 100);
    };
    this.running = (async () => {
      // the outcome is shown only once the upload is removed and the next import may start
      const outcome: Partial<ImportJobStatus> = {};
      try {
        const report = await importStackExchange(this.ctx.db, dir, {
          site,
          checkFirst: true,
          uploads: { dir: uploadsDir(this.ctx), basePath: this.ctx.config.basePath },
          progress,
          signal: this.abort.signal,
          log: (line) => this.ctx.logger.info({ site }, `import: ${line}`),
        });
        if (opts.fetchImages && !report.refused) outcome.images = await this.fetchImages(site, job);
        Object.assign(outcome, {
          report,
          state: report.refused ? 'failed' : 'done',
          error: report.refused ?? '',
          percent: report.refused ? job.percent : 100,
        });
        this.ctx.logger.info(
          { site, questions: report.questions.imported, answers: report.answers.imported, seconds: report.seconds },
          'import finished',
        );
      } catch (err) {
        Object.assign(outcome, { state: 'failed', error: err instanceof Error ? err.message : String(err) });
        this.ctx.logger.error({ err }, 'import failed');
      } finally {
        await rm(cleanup, { recursive: true, force: true }).catch(() => {});
        Object.assign(job, outcome, { finished_at: this.ctx.clock.now() });
        this.running = null;
        // what was written before a failure stays too
        this.ctx.events.emit({ type: 'content.imported', site });
      }
    })();
    return this.status();
  }

  /** The images pass after an import: step 'images', rows = posts rewritten so far. */
  private fetchImages(site: string, job: ImportJobStatus) {
    job.step = 'images';
    job.rows = 0;
    return localiseImportedImages(this.ctx.db, {
      host: siteFrom(site).host,
      uploadsDir: uploadsDir(this.ctx),
      basePath: this.ctx.config.basePath,
      now: this.ctx.clock.now(),
      signal: this.abort.signal,
      log: (line) => this.ctx.logger.info({ site }, `import: ${line}`),
      progress: (posts) => {
        job.rows = posts;
      },
    });
  }
}
