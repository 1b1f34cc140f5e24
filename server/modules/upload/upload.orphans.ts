import { rm } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { AppContext } from '../../app-context.js';
import type { JobSpec } from '../../infra/jobs/registry.js';
import * as repo from './upload.repository.js';
import { STORED_PATH, uploadsDir } from './upload.service.js';
import { nextTurn } from '../../infra/next-turn.js';

const HOUR = 3600;
/** An upload nothing names is kept this long (the time to finish the post it was made for). */
export const ORPHAN_GRACE_S = 24 * HOUR;
/** An upload found referenced is looked at again after this (a replaced avatar, an edited comment). */
export const RECHECK_S = 30 * 24 * HOUR;
/** The uploads one pass decides on: one scan of the site's texts serves them all. */
const BATCH = 5000;
/** A stored upload's name as the texts carry it, whatever URL (absolute, relative, an old site URL) leads to it. */
const STORED_NAME = /[a-f0-9]{24}\.(?:jpg|png|gif|webp)/g;

/** The stored names every text on the site mentions (see repo.textsNamingUploads for where it looks). */
async function referencedNames(ctx: AppContext, stopped: () => boolean): Promise<Set<string> | null> {
  const names = new Set<string>();
  for await (const texts of repo.textsNamingUploads(ctx.db)) {
    for (const text of texts) for (const m of text.matchAll(STORED_NAME)) names.add(m[0]);
    if (stopped()) return null;
    // a page at a time: requests are served between them
    await nextTurn();
  }
  return names;
}

/**
 * One pass: the uploads older than the grace period that were never checked (or not for a month)
 * are compared with every text that names an upload; those named are marked as checked, the others
 * (file and record) removed. Answers how many were kept and removed.
 */
export async function removeOrphanUploads(
  ctx: AppContext,
  opts: { stopped?: () => boolean } = {},
): Promise<{ kept: number; removed: number }> {
  const stopped = opts.stopped ?? (() => false);
  const now = ctx.clock.now();
  const candidates = await repo.orphanCandidates(ctx.db, { before: now - ORPHAN_GRACE_S, recheckBefore: now - RECHECK_S, limit: BATCH });
  if (candidates.length === 0) return { kept: 0, removed: 0 };
  const named = await referencedNames(ctx, stopped);
  if (!named) return { kept: 0, removed: 0 };
  const kept: number[] = [];
  let removed = 0;
  const root = resolve(uploadsDir(ctx));
  for (const c of candidates) {
    if (named.has(c.file_path.slice(c.file_path.lastIndexOf('/') + 1))) {
      kept.push(c.id);
      continue;
    }
    // only a path this server writes, inside the uploads folder, is ever removed
    const target = resolve(root, c.file_path);
    if (!STORED_PATH.test(c.file_path) || !target.startsWith(root + sep)) continue;
    if (stopped()) break;
    // the file first: a stop between the two leaves a record, removed by the next pass
    await rm(target, { force: true });
    await repo.deleteFileRecordById(ctx.db, c.id);
    removed += 1;
  }
  await repo.markUploadsReferenced(ctx.db, kept, now);
  return { kept: kept.length, removed };
}

/** Looks for orphaned uploads ten minutes after start, then hourly, once per site. */
export function orphanUploadsJob(ctx: AppContext): JobSpec | null {
  if (!ctx.config.backgroundJobs) return null;
  return {
    name: 'upload.orphans',
    leaderOnly: true,
    firstMs: 10 * 60 * 1000,
    everyMs: HOUR * 1000,
    failure: 'orphaned upload removal failed',
    run: async ({ stopped }) => {
      const started = performance.now();
      const { kept, removed } = await removeOrphanUploads(ctx, { stopped });
      if (kept || removed) ctx.logger.info({ kept, removed, ms: Math.round(performance.now() - started) }, 'orphaned uploads removed');
    },
  };
}
