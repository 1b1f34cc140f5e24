import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';
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

const buffers = new WeakMap<AppContext, ViewBuffer>();

/**
 * Counts one view of a question (at once when buffering is off). Returns how many counted views a
 * row of the question read just before this call lacks, the caller's own included: 1 when the view
 * went to the table, else the views of this question held unwritten.
 */
export async function countView(ctx: AppContext, questionId: string): Promise<number> {
  const buffer = buffers.get(ctx);
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
  return stored + unwrittenViews(buffers.get(ctx), questionId);
}

/** Writes the views counted so far, in one transaction. */
export async function flushViews(ctx: AppContext): Promise<void> {
  const buffer = buffers.get(ctx);
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

/** Starts buffering when the configuration asks for it. */
export function registerViewCounter(ctx: AppContext, _routers: Routers): void {
  if (ctx.config.viewFlushMs <= 0) return;
  buffers.set(ctx, { pending: new Map(), writing: new Map() });
  const timer = setInterval(
    () => void flushViews(ctx).catch((err: unknown) => ctx.logger.warn({ err }, 'writing question views failed')),
    ctx.config.viewFlushMs,
  );
  timer.unref();
  ctx.beforeClose.push(async () => {
    clearInterval(timer);
    await flushViews(ctx);
  });
}
