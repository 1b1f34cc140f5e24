import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import { readConfigValues } from '../config/config.repository.js';
import { ACTIVITY_TYPE, type ActivityKey } from '../activity/activity-types.js';

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
  const user = await db.selectFrom('user').select('rank').where('id', '=', c.userId).executeTakeFirstOrThrow();
  let applied = delta;
  if (delta < 0) applied = Math.min(0, Math.max(delta, 1 - user.rank));
  if (delta > 0 && c.capped) {
    const { total } = await db
      .selectFrom('activity')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('rank'), eb.lit(0)).as('total'))
      .where('user_id', '=', c.userId)
      .where('cancelled', '=', 0)
      .where('updated_at', '>=', dayStart(c.now))
      .executeTakeFirstOrThrow();
    if (Number(total) >= Number(config.get(DAILY_LIMIT_KEY) ?? 200)) applied = 0;
  }
  const type = ACTIVITY_TYPE[c.key];
  const existing = await db
    .selectFrom('activity')
    .select('id')
    .where('user_id', '=', c.userId)
    .where('object_id', '=', c.objectId)
    .where('activity_type', '=', type)
    .where('trigger_user_id', '=', c.triggerUserId)
    .executeTakeFirst();
  let activityId: number;
  if (existing) {
    await db.updateTable('activity').set({ cancelled: 0, cancelled_at: null, rank: applied, has_rank: 1, updated_at: c.now }).where('id', '=', existing.id).execute();
    activityId = existing.id;
  } else {
    const row = await db
      .insertInto('activity')
      .values({ created_at: c.now, updated_at: c.now, cancelled_at: null, user_id: c.userId, trigger_user_id: c.triggerUserId, object_id: c.objectId, original_object_id: c.originalObjectId, activity_type: type, rank: applied, has_rank: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    activityId = row.id;
  }
  if (applied !== 0) await db.updateTable('user').set((eb) => ({ rank: eb('rank', '+', applied) })).where('id', '=', c.userId).execute();
  if (applied !== 0) moves?.push({ userId: c.userId, delta: applied, reason: c.key, objectId: c.objectId });
  return { activityId, applied };
}

/** Cancels an active activity and takes back the reputation it stored. */
export async function cancelActivity(db: DbOrTrx, activityId: number, now: number, moves?: RankMove[]): Promise<void> {
  const a = await db.selectFrom('activity').select(['user_id', 'rank', 'cancelled', 'activity_type', 'object_id']).where('id', '=', activityId).executeTakeFirst();
  if (!a || a.cancelled === 1) return;
  await db.updateTable('activity').set({ cancelled: 1, cancelled_at: now, updated_at: now }).where('id', '=', activityId).execute();
  if (a.rank !== 0) await db.updateTable('user').set((eb) => ({ rank: eb('rank', '-', a.rank) })).where('id', '=', a.user_id).execute();
  if (a.rank !== 0) moves?.push({ userId: a.user_id, delta: -a.rank, reason: `${KEY_OF_TYPE.get(a.activity_type) ?? a.activity_type}.cancelled`, objectId: a.object_id });
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
  for (const m of moves) ctx.events.emit({ type: 'rank.changed', userId: m.userId, delta: m.delta, reason: m.reason, objectId: m.objectId, byUserId });
}

/** Active activities of some types on an object; `involving` keeps those a user did or triggered (a popular post has thousands). */
export async function activeActivities(db: DbOrTrx, objectId: string, keys: ActivityKey[], involving?: number) {
  let q = db
    .selectFrom('activity')
    .select(['id', 'user_id', 'trigger_user_id', 'activity_type', 'rank'])
    .where('object_id', '=', objectId)
    .where('cancelled', '=', 0)
    .where('activity_type', 'in', keys.map((k) => ACTIVITY_TYPE[k]));
  if (involving !== undefined) q = q.where((eb) => eb.or([eb('user_id', '=', involving), eb('trigger_user_id', '=', involving)]));
  return q.execute();
}

/** How many active activities of each type an object has, and whether a user has one of each. */
export async function activityCounts(db: DbOrTrx, objectId: string, keys: ActivityKey[], userId: number): Promise<Map<number, { n: number; mine: boolean }>> {
  const rows = await db
    .selectFrom('activity')
    .select((eb) => ['activity_type', eb.fn.countAll<number>().as('n'), eb.fn.max<number>(eb('user_id', '=', userId)).as('mine')])
    .where('object_id', '=', objectId)
    .where('cancelled', '=', 0)
    .where('activity_type', 'in', keys.map((k) => ACTIVITY_TYPE[k]))
    .groupBy('activity_type')
    .execute();
  return new Map(rows.map((r) => [r.activity_type, { n: Number(r.n), mine: Number(r.mine) === 1 }]));
}
