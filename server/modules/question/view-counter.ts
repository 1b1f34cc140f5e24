import type { AppContext } from '../../app-context.js';
import { appSlot } from '../../infra/app-state.js';
import type { JobSpec } from '../../infra/jobs/registry.js';
import { addView, addViews, viewCountOf } from './question.repository.js';

// Every question page view adds one to the question's view count. Written one by one, a busy page
// makes each reader a writer; instead views are added up in memory and written together every
// `viewFlushMs` (and when the server closes), so the table lags by at most that long. What a
// question/info answers does not lag: the reference adds the view, then reads the question, so the
// count it returns holds the caller's own view, and so does ours (the table's count plus the views
// this process holds unwritten). The buffer holds one number per question viewed within a flush
// interval, so it stays as small as that interval's traffic.

interface ViewBuffer {
  /** Views counted and not yet handed to a write. */
  pending: Map<string, number>;
  /** Views handed to a write that has not committed yet. */
  writing: Map<string, number>;
}

/** The app's buffer while buffering runs (the view-counter job). */
const BUFFER = appSlot<ViewBuffer>('question.view-buffer');

/**
 * Counts one view of a question (at once when buffering is off). Returns how many counted views a
 * row of the question read just before this call lacks, the caller's own included: 1 when the view
 * went to the table, else the views of this question held unwritten.
 */
export async function countView(ctx: AppContext, questionId: string): Promise<number> {
  const buffer = ctx.state.get(BUFFER);
  if (!buffer) {
    await addView(ctx.db, questionId);
    return 1;
  }
  buffer.pending.set(questionId, (buffer.pending.get(questionId) ?? 0) + 1);
  return unwrittenViews(buffer, questionId);
}

function unwrittenViews(buffer: ViewBuffer | undefined, questionId: string): number {
  return buffer ? (buffer.pending.get(questionId) ?? 0) + (buffer.writing.get(questionId) ?? 0) : 0;
}

/** The question's view count as of now: the table's, plus the views this process holds unwritten. */
export async function currentViewCount(ctx: AppContext, questionId: string): Promise<number> {
  const stored = await viewCountOf(ctx.db, questionId);
  return stored + unwrittenViews(ctx.state.get(BUFFER), questionId);
}

/** Writes the views counted so far, in one transaction. */
export async function flushViews(ctx: AppContext): Promise<void> {
  const buffer = ctx.state.get(BUFFER);
  if (!buffer || buffer.pending.size === 0) return;
  const batch = [...buffer.pending];
  buffer.pending.clear();
  for (const [id, n] of batch) buffer.writing.set(id, (buffer.writing.get(id) ?? 0) + n);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const [id, n] of batch) await addViews(trx, id, n);
    });
  } finally {
    // committed (now in the table) or failed (lost, as before): either way no longer unwritten
    for (const [id, n] of batch) {
      const left = (buffer.writing.get(id) ?? 0) - n;
      if (left > 0) buffer.writing.set(id, left);
      else buffer.writing.delete(id);
    }
  }
}

/**
 * The job that writes buffered views every `viewFlushMs` and once more on stop (none when the
 * configuration writes each view at once). Buffering starts with the job and ends with its stop.
 */
export function viewCounterJob(ctx: AppContext): JobSpec | null {
  if (ctx.config.viewFlushMs <= 0) return null;
  ctx.state.set(BUFFER, { pending: new Map(), writing: new Map() });
  return {
    name: 'question.view-counter',
    everyMs: ctx.config.viewFlushMs,
    failure: 'writing question views failed',
    run: () => flushViews(ctx),
    stop: async () => {
      await flushViews(ctx);
      ctx.state.delete(BUFFER);
    },
  };
}
