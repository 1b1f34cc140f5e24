import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';
import { addView, addViews } from './question.repository.js';

// Every question page view adds one to the question's view count. Written one by one, a busy page
// makes each reader a writer; instead views are added up in memory and written together every
// `viewFlushMs` (and when the server closes), so the count lags by at most that long.

const buffers = new WeakMap<AppContext, Map<string, number>>();

/** Counts one view of a question (at once when buffering is off). */
export async function countView(ctx: AppContext, questionId: string): Promise<void> {
  const pending = buffers.get(ctx);
  if (!pending) return addView(ctx.db, questionId);
  pending.set(questionId, (pending.get(questionId) ?? 0) + 1);
}

/** Writes the views counted so far, in one transaction. */
export async function flushViews(ctx: AppContext): Promise<void> {
  const pending = buffers.get(ctx);
  if (!pending || pending.size === 0) return;
  const batch = [...pending];
  pending.clear();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [id, n] of batch) await addViews(trx, id, n);
  });
}

/** Starts buffering when the configuration asks for it. */
export function registerViewCounter(ctx: AppContext, _routers: Routers): void {
  if (ctx.config.viewFlushMs <= 0) return;
  buffers.set(ctx, new Map());
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
