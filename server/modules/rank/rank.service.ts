import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import { readConfigValues } from '../config/config.repository.js';
import * as repo from './rank.repository.js';
import { ACTIVITY_TYPE, type ActivityKey, CANCELLED } from '../../contract/enums.js';

const DAILY_LIMIT_KEY = 'daily_rank_limit';

/** One reputation-bearing activity. */
export interface RankChange {
  userId: number;
  triggerUserId: number;
  objectId: string;
  originalObjectId: string;
  key: ActivityKey;
  /** Points; read from config `key` when omitted. */
  delta?: number;
  /** Whether the daily cap applies (vote deltas). */
  capped: boolean;
  now: number;
}

function dayStart(now: number): number {
  const d = new Date(now * 1000);
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/**
 * Writes (or revives) an activity and applies its reputation with the reference's rules: a loss
 * never takes a user below 1, positive vote gains stop once today's total reaches the daily limit,
 * and the amount actually applied is stored so an undo takes back exactly that.
 */
export async function changeRank(db: DbOrTrx, c: RankChange, moves?: RankMove[]): Promise<{ activityId: number; applied: number }> {
  const config = await readConfigValues(db, [c.key, DAILY_LIMIT_KEY]);
  const delta = c.delta ?? Number(config.get(c.key) ?? 0);
  const rank = await repo.findUserRank(db, c.userId);
  let applied = delta;
  if (delta < 0) applied = Math.min(0, Math.max(delta, 1 - rank));
  if (delta > 0 && c.capped) {
    const total = await repo.sumActiveRankSince(db, c.userId, dayStart(c.now));
    if (total >= Number(config.get(DAILY_LIMIT_KEY) ?? 200)) applied = 0;
  }
  const type = ACTIVITY_TYPE[c.key];
  const existing = await repo.findActivityId(db, {
    userId: c.userId,
    objectId: c.objectId,
    activityType: type,
    triggerUserId: c.triggerUserId,
  });
  let activityId: number;
  if (existing !== undefined) {
    await repo.reviveActivity(db, existing, applied, c.now);
    activityId = existing;
  } else {
    activityId = await repo.insertActivity(db, {
      created_at: c.now,
      updated_at: c.now,
      cancelled_at: null,
      user_id: c.userId,
      trigger_user_id: c.triggerUserId,
      object_id: c.objectId,
      original_object_id: c.originalObjectId,
      activity_type: type,
      rank: applied,
      has_rank: 1,
    });
  }
  if (applied !== 0) await repo.addUserRank(db, c.userId, applied);
  if (applied !== 0) moves?.push({ userId: c.userId, delta: applied, reason: c.key, objectId: c.objectId });
  return { activityId, applied };
}

/** Cancels an active activity and takes back the reputation it stored. */
export async function cancelActivity(db: DbOrTrx, activityId: number, now: number, moves?: RankMove[]): Promise<void> {
  const a = await repo.findActivityForCancel(db, activityId);
  if (!a || a.cancelled === CANCELLED.cancelled) return;
  await repo.markActivityCancelled(db, activityId, now);
  if (a.rank !== 0) await repo.addUserRank(db, a.user_id, -a.rank);
  if (a.rank !== 0)
    moves?.push({
      userId: a.user_id,
      delta: -a.rank,
      reason: `${KEY_OF_TYPE.get(a.activity_type) ?? a.activity_type}.cancelled`,
      objectId: a.object_id,
    });
}

/**
 * A reputation change made inside a transaction. Callers collect them (the optional `moves` list of
 * changeRank and cancelActivity) and announce them with emitRankMoves once the transaction committed.
 */
export interface RankMove {
  userId: number;
  delta: number;
  /** The activity key (".cancelled" appended when an activity was undone). */
  reason: string;
  objectId: string;
}

const KEY_OF_TYPE = new Map<number, string>(Object.entries(ACTIVITY_TYPE).map(([k, v]) => [v, k]));

/** Announces collected reputation changes (rank.changed), after the commit; byUserId is who acted. */
export function emitRankMoves(ctx: AppContext, moves: RankMove[], byUserId: number): void {
  for (const m of moves)
    ctx.events.emit({ type: 'rank.changed', userId: m.userId, delta: m.delta, reason: m.reason, objectId: m.objectId, byUserId });
}

/** Active activities of some types on an object (a popular post has thousands: a vote reads its voter's own through votersRows). */
export async function activeActivities(db: DbOrTrx, objectId: string, keys: ActivityKey[]) {
  return repo.activeActivityRows(
    db,
    objectId,
    keys.map((k) => ACTIVITY_TYPE[k]),
  );
}
