import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database.js';
import type { WebhookDeliveryTable, WebhookTable } from '../../db/tables/webhook.table.js';

/** A webhook row. */
export type WebhookRow = Selectable<WebhookTable>;
/** A delivery row. */
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** Every hook, oldest first. */
export async function listHooks(db: DbOrTrx): Promise<WebhookRow[]> {
  return db.selectFrom('webhook').selectAll().orderBy('id').execute();
}

/** The active hooks (the event handler picks the subscribed ones). */
export async function activeHooks(db: DbOrTrx): Promise<WebhookRow[]> {
  return db.selectFrom('webhook').selectAll().where('active', '=', 1).orderBy('id').execute();
}

/** A hook by id. */
export async function findHook(db: DbOrTrx, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhook').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many hooks there are. */
export async function countHooks(db: DbOrTrx): Promise<number> {
  const { n } = await db
    .selectFrom('webhook')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Stores a hook; returns its id. */
export async function insertHook(db: DbOrTrx, row: Insertable<WebhookTable>): Promise<number> {
  const r = await db.insertInto('webhook').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Changes a hook; false when there is none. */
export async function updateHook(db: DbOrTrx, id: number, set: Updateable<WebhookTable>): Promise<boolean> {
  const r = await db.updateTable('webhook').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a hook and its delivery log; false when there was no hook. */
export async function deleteHook(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_delivery').where('webhook_id', '=', id).execute();
    const r = await trx.deleteFrom('webhook').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  });
}

/** The newest delivery state of each hook that has one. */
export async function lastStatuses(db: DbOrTrx): Promise<Map<number, string>> {
  const newest = db
    .selectFrom('webhook_delivery')
    .select((eb) => ['webhook_id', eb.fn.max('id').as('id')])
    .groupBy('webhook_id');
  const rows = await db
    .selectFrom('webhook_delivery as d')
    .innerJoin(newest.as('n'), 'n.id', 'd.id')
    .select(['d.webhook_id', 'd.status'])
    .execute();
  return new Map(rows.map((r) => [r.webhook_id, r.status]));
}

/** Queues deliveries. */
export async function insertDeliveries(db: DbOrTrx, rows: Insertable<WebhookDeliveryTable>[]): Promise<number[]> {
  if (!rows.length) return [];
  const out = await db.insertInto('webhook_delivery').values(rows).returning('id').execute();
  return out.map((r) => Number(r.id));
}

/** A delivery by id. */
export async function findDelivery(db: DbOrTrx, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_delivery').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One hook's deliveries, newest first: total and one page. */
export async function pageDeliveries(db: DbOrTrx, webhookId: number, page: number, pageSize: number) {
  const base = db.selectFrom('webhook_delivery').where('webhook_id', '=', webhookId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** Ids of deliveries due now: pending and due, or left 'sending' by a process whose lease ran out. */
export async function dueDeliveryIds(db: DbOrTrx, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_delivery')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Claims one due delivery for this process: a single guarded UPDATE, so when several processes
 * race for a row only one of them changes it. Returns the claimed row (attempts already counted),
 * or undefined when another process took it first or it is no longer due.
 */
export async function claimDelivery(db: DbOrTrx, id: number, now: number, leaseUntil: number): Promise<DeliveryRow | undefined> {
  const r = await db
    .updateTable('webhook_delivery')
    .set((eb) => ({ status: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return undefined;
  return findDelivery(db, id);
}

/**
 * Records an attempt's outcome, only if the row is still this claim's (same attempt number and
 * still 'sending'): a process whose lease ran out cannot overwrite the claim that followed.
 */
export async function settleDelivery(
  db: DbOrTrx,
  id: number,
  attempt: number,
  set: Pick<
    Updateable<WebhookDeliveryTable>,
    'status' | 'next_attempt_at' | 'response_code' | 'response_ms' | 'response_excerpt' | 'error' | 'updated_at'
  >,
): Promise<boolean> {
  const r = await db
    .updateTable('webhook_delivery')
    .set({ ...set, lease_until: 0 })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes settled deliveries (succeeded or failed) last changed before `before`; returns how many. */
export async function purgeSettledDeliveries(db: DbOrTrx, before: number): Promise<number> {
  const r = await db
    .deleteFrom('webhook_delivery')
    .where('status', 'in', ['succeeded', 'failed'])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
