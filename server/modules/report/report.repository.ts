import type { DbOrTrx } from '../../db/database.js';
import type { ObjectTypeCode, ReportStatus } from '../../contract/enums.js';
import { REPORT_STATUS } from '../../contract/enums.js';

/** Report (flag) statuses, the reference's values. */
export { REPORT_STATUS };

/** A flag by id. */
export async function findReport(db: DbOrTrx, id: string) {
  return db.selectFrom('report').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user's flag of an object that still waits for review. */
export async function pendingReportBy(db: DbOrTrx, userId: number, objectId: string) {
  return db
    .selectFrom('report')
    .select('id')
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('status', '=', REPORT_STATUS.pending)
    .executeTakeFirst();
}

/** Stores a pending flag. */
export async function insertReport(
  db: DbOrTrx,
  row: {
    id: string;
    user_id: number;
    object_id: string;
    reported_user_id: number;
    object_type: ObjectTypeCode;
    report_type: number;
    content: string;
    now: number;
  },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('report')
    .values({ ...rest, status: REPORT_STATUS.pending, created_at: now, updated_at: now })
    .execute();
}

/** Pending flags, oldest first: total and one page. */
export async function pagePendingReports(db: DbOrTrx, page: number, pageSize: number) {
  const base = db.selectFrom('report').where('status', '=', REPORT_STATUS.pending);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** Settles one pending flag; false when it was no longer pending. */
export async function settleReport(db: DbOrTrx, id: string, status: ReportStatus, now: number): Promise<boolean> {
  const r = await db
    .updateTable('report')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', REPORT_STATUS.pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Settles every pending flag of an object. */
export async function settleReportsOf(db: DbOrTrx, objectId: string, status: ReportStatus, now: number): Promise<void> {
  await db
    .updateTable('report')
    .set({ status, updated_at: now })
    .where('object_id', '=', objectId)
    .where('status', '=', REPORT_STATUS.pending)
    .execute();
}
