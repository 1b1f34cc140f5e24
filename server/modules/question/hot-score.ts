import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import type { JobSpec } from '../../infra/jobs/registry.js';
import { hotScoreInputs, setHotScore } from './question.repository.js';
import { nextTurn } from '../../infra/next-turn.js';

const WINDOW_DAYS = 90;
const HOUR_MS = 3_600_000;
const CHUNK = 200;
// questions whose inputs are read in one query (a page of 1000 takes ~50 ms at 100k questions)
const READ_PAGE = 500;

/** The inputs of one question's hot score. */
export interface HotInputs {
  views: number;
  answers: number;
  votes: number;
  answerVotes: number;
  createdAt: number;
  updatedAt: number;
}

/**
 * The reference's hot score (its hourly job): (ln(views)*4 + answers*votes/5 + Σ answer votes)
 * / ((ageH + 1) − (ageH − updH)/2)^1.5, stored as ceil(score*10000); negative or not a number → 0.
 */
export function hotScore(q: HotInputs, now: number): number {
  const ageH = Math.max(0, (now - q.createdAt) / 3600);
  const updH = Math.max(0, (now - q.updatedAt) / 3600);
  const top = Math.log(Math.max(q.views, 0)) * 4 + (q.answers * q.votes) / 5 + q.answerVotes;
  const score = top / Math.pow(ageH + 1 - (ageH - updH) / 2, 1.5);
  const stored = Math.ceil(score * 10000);
  return Number.isFinite(stored) && stored > 0 ? stored : 0;
}

/**
 * Recomputes hot_score. Every question has one (the hot list and the related-questions panel
 * rank every question by it, as the reference lists them): `all` scores every question (at start
 * and after an import); the hourly refresh only the questions of the last 90 days, whose scores
 * still move (older ones keep the score they have, which changes little with age).
 */
export async function refreshHotScores(
  db: DbOrTrx,
  now: number,
  opts: { all?: boolean; pageSize?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const since = opts.all ? undefined : now - WINDOW_DAYS * 86400;
  const pageSize = opts.pageSize ?? READ_PAGE;
  let read = 0;
  // The inputs are read a page at a time, and the changed scores written in short transactions, with a
  // pause after each: the database has one connection, and one read of every question's inputs held
  // every request behind it (3.9 s at 100k questions, measured at start-up; 8k questions' writes in one
  // transaction took ~1 s under load before the writes were split)
  for (let afterId = ''; !opts.stopped?.(); ) {
    const rows = await hotScoreInputs(db, { createdSince: since, afterId, limit: pageSize });
    if (rows.length === 0) break;
    read += rows.length;
    afterId = rows[rows.length - 1].id;
    const changed = rows
      .map((r) => ({
        id: r.id,
        score: hotScore(
          {
            views: r.view_count,
            answers: r.answer_count,
            votes: r.vote_count,
            answerVotes: Number(r.answer_votes ?? 0),
            createdAt: r.created_at,
            updatedAt: r.updated_at,
          },
          now,
        ),
        old: r.hot_score,
      }))
      .filter((r) => r.score !== r.old);
    for (let i = 0; i < changed.length; i += CHUNK) {
      const chunk = changed.slice(i, i + CHUNK);
      await db.transaction().execute(async (trx) => {
        for (const r of chunk) await setHotScore(trx, r.id, r.score);
      });
      await nextTurn();
    }
    await nextTurn();
    if (rows.length < pageSize) break;
  }
  return read;
}

/** Runs over every question at start and then hourly over recent ones, once per site. */
export function hotScoreJob(ctx: AppContext): JobSpec | null {
  if (!ctx.config.backgroundJobs) return null;
  return {
    name: 'question.hot-score',
    firstMs: 1000,
    everyMs: HOUR_MS,
    leaderOnly: true,
    failure: 'hot score refresh failed',
    run: async ({ first, stopped }) => {
      const started = performance.now();
      const questions = await refreshHotScores(ctx.db, ctx.clock.now(), { all: first, stopped });
      ctx.logger.info({ questions, ms: Math.round(performance.now() - started) }, 'hot scores refreshed');
    },
  };
}
