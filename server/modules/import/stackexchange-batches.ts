import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportReport } from '../../contract/api/import.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { recountAwards } from '../badge/badge-common.service.js';
import { recountTags } from '../tag/tag-common.service.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import { BatchRenders } from './import-renders.js';
import { ImportStopped, type ImportOptions, type RowHandler, type RowTexts, type Trx } from './stackexchange-common.js';
import * as repo from './stackexchange.repository.js';
import { xmlRows, XmlReadError } from './xml-rows.js';
import { nextTurn } from '../../infra/next-turn.js';

/** What the open batch changed: recounted before it commits, so no commit leaves a count behind its rows. */
export interface BatchTouched {
  readonly questions: Set<string>;
  readonly users: Set<number>;
  readonly tags: Set<string>;
  readonly badges: Set<string>;
}

/**
 * How an import reads a dump file: in batches of rows, one transaction each (its texts rendered
 * before it opens), each row in a savepoint of its own; with the progress of the whole run.
 */
export class DumpBatches {
  /** The batch's texts rendered before its transaction (renders wait on a worker: never inside one). */
  readonly renders = new BatchRenders();
  /** What the open batch changed, recounted before it commits. */
  readonly touched: BatchTouched = { questions: new Set(), users: new Set(), tags: new Set(), badges: new Set() };
  /** The batch's bodies as markdown (made once for the renders before the transaction, once more not). */
  private readonly markdownOf = new Map<string, string>();
  /** What the open row does to the run's maps once its savepoint is released. */
  private hooks: (() => void)[] = [];
  /** The steps still to read (step, file), for the progress fraction. */
  private plan: { step: string; file: string; size: number }[] = [];
  private doneBytes = 0;
  private step = '';
  private lastProgress = 0;

  constructor(
    private readonly db: Db,
    private readonly dir: string,
    private readonly batchSize: number,
    private readonly report: ImportReport,
    private readonly log: (line: string) => void,
    private readonly options: Pick<ImportOptions, 'progress' | 'signal'> = {},
  ) {}

  /** Whether the import was asked to stop. */
  stopped(): boolean {
    return this.options.signal?.aborted === true;
  }

  /** Plans the reading ahead: which step reads which file, so progress can say how far it is. */
  planSteps(steps: [string, string][]): void {
    this.plan = steps
      .filter(([, file]) => existsSync(join(this.dir, file)))
      .map(([step, file]) => ({ step, file, size: statSync(join(this.dir, file)).size }));
  }

  /** Tells the progress callback how far the run is (at most every 200 ms unless forced). */
  tellProgress(file: string, rows: number, bytes: number, force = false): void {
    const report = this.options.progress;
    if (!report) return;
    const now = performance.now();
    if (!force && now - this.lastProgress < 200) return;
    this.lastProgress = now;
    const total = this.plan.reduce((n, p) => n + p.size, 0);
    report({ step: this.step, file, rows, fraction: total > 0 ? Math.min(1, (this.doneBytes + bytes) / total) : 1 });
  }

  /** Starts a step: its progress line and a progress report. */
  beginStep(step: string): void {
    this.step = step;
    this.log(`${step}...`);
    this.tellProgress('', 0, 0, true);
  }

  /** The markdown of a body in the dump's HTML (kept for the batch). */
  toMarkdown(html: string): string {
    let md = this.markdownOf.get(html);
    if (md === undefined) this.markdownOf.set(html, (md = htmlToMarkdown(html)));
    return md;
  }

  /** Runs `hook` once the open row's savepoint is released (never for a row rolled back). */
  afterRow(hook: () => void): void {
    this.hooks.push(hook);
  }

  /** Inside a batch's transaction: recounts the questions, authors and tags its rows touched (a kill after any commit leaves counts that match the rows). */
  private async recountBatch(trx: Trx): Promise<void> {
    const { questions, users, tags, badges } = this.touched;
    if (questions.size) await repo.recountQuestions(trx, [...questions]);
    if (users.size) await repo.recountUsers(trx, [...users]);
    if (tags.size) await recountTags(trx, [...tags]);
    for (const id of badges) await recountAwards(trx, id);
    badges.clear();
    questions.clear();
    users.clear();
    tags.clear();
  }

  /**
   * Reads a file's rows in batches, one transaction each; `handle` runs once per row; `prepare`
   * first lists what the batch will render, rendered before it opens. Between batches the server
   * gets a turn (the import runs while the site serves).
   */
  async eachRow(file: string, handle: RowHandler): Promise<void>;
  async eachRow(file: string, prepare: RowTexts, handle: RowHandler): Promise<void>;
  async eachRow(file: string, first: RowHandler | RowTexts, second?: RowHandler): Promise<void> {
    const handle = (second ?? first) as RowHandler;
    const prepare = second ? (first as RowTexts) : undefined;
    const path = join(this.dir, file);
    if (!existsSync(path) || this.stopped()) return;
    if (!this.report.files.includes(file)) this.report.files.push(file);
    let batch: Record<string, string>[] = [];
    let rows = 0;
    let bytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await nextTurn();
      if (this.stopped()) throw new ImportStopped();
      if (prepare) await this.renders.prepare(prepare(batch));
      const trx = await this.db.startTransaction().execute();
      try {
        for (const raw of batch) await handle(trx as Trx, raw);
        await this.recountBatch(trx as Trx);
        await trx.commit().execute();
      } catch (err) {
        await trx.rollback().execute();
        throw err;
      } finally {
        this.renders.clear();
        this.markdownOf.clear();
      }
      batch = [];
      this.tellProgress(file, rows, bytes);
    };
    try {
      for await (const raw of xmlRows(path, (b) => (bytes = b))) {
        rows += 1;
        batch.push(raw);
        if (batch.length >= this.batchSize) await flush();
      }
      await flush();
    } catch (err) {
      if (err instanceof ImportStopped) return;
      if (!(err instanceof XmlReadError)) throw err;
      await flush();
      // Posts.xml is read twice (questions, then answers): report its problem once
      const message = `${file}: ${err.message}`;
      if (!this.report.errors.includes(message)) this.report.errors.push(message);
    } finally {
      this.doneBytes += this.plan.find((p) => p.step === this.step && p.file === file)?.size ?? 0;
    }
  }

  /** Reads every file once, writing nothing; the problems that stop reading one, per file. */
  async check(files: string[]): Promise<string[]> {
    const problems: string[] = [];
    for (const file of files) {
      const path = join(this.dir, file);
      if (!existsSync(path)) continue;
      let rows = 0;
      let bytes = 0;
      try {
        for await (const _row of xmlRows(path, (b) => (bytes = b))) {
          rows += 1;
          if (rows % 2000 === 0) {
            this.tellProgress(file, rows, bytes);
            await nextTurn();
            if (this.stopped()) return problems;
          }
        }
      } catch (err) {
        if (!(err instanceof XmlReadError)) throw err;
        problems.push(`${file}: ${err.message}`);
      }
      this.doneBytes += statSync(path).size;
    }
    return problems;
  }

  /** Runs `write` in a savepoint: a row that fails leaves nothing behind. Returns the error message or null. */
  async atomically(trx: Trx, write: (t: DbOrTrx) => Promise<void>): Promise<string | null> {
    const sp = await trx.savepoint('row').execute();
    this.hooks = [];
    try {
      await write(sp);
      await sp.releaseSavepoint('row').execute();
      for (const h of this.hooks) h();
      return null;
    } catch (err) {
      await sp.rollbackToSavepoint('row').execute();
      return err instanceof Error ? err.message : String(err);
    } finally {
      this.hooks = [];
    }
  }
}
