import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { UserRow } from '../../db/tables/user.table.js';
import { CANCELLED, MAIL_STATUS, ROLE, USER_STATUS } from '../../contract/enums.js';

/** Active users whose username or display name starts with a prefix (for @mentions). */
export async function searchUsersByPrefix(db: DbOrTrx, prefix: string, excludeId: number, limit: number): Promise<UserRow[]> {
  const like = `${prefix.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('user')
    .selectAll()
    .where('status', '=', USER_STATUS.available)
    .where('mail_status', '=', MAIL_STATUS.verified)
    .where('id', '!=', excludeId)
    .where((eb) =>
      eb.or([sql<boolean>`lower(username) like lower(${like}) escape '\\'`, sql<boolean>`display_name like ${like} escape '\\'`]),
    )
    .orderBy('rank', 'desc')
    .limit(limit)
    .execute();
}

/** Admins and moderators, optionally by username prefix. */
export async function findStaff(db: DbOrTrx, prefix: string, limit: number): Promise<UserRow[]> {
  let q = db
    .selectFrom('user as u')
    .innerJoin('user_role_rel as r', 'r.user_id', 'u.id')
    .selectAll('u')
    .where('r.role_id', 'in', [ROLE.admin, ROLE.moderator])
    .where('u.status', '!=', USER_STATUS.deleted);
  if (prefix) q = q.where(sql<boolean>`lower(u.username) like lower(${`${prefix.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}) escape '\\'`);
  return q.orderBy('u.id').limit(limit).execute() as Promise<UserRow[]>;
}

/** Users with the most reputation gained since `since` (sum of ranked activities). */
export async function topByReputation(db: DbOrTrx, since: number, limit: number) {
  return (
    db
      .selectFrom('activity as a')
      .innerJoin('user as u', 'u.id', 'a.user_id')
      .selectAll('u')
      .select((eb) => eb.fn.sum<number>('a.rank').as('gained'))
      .where('a.has_rank', '=', 1)
      .where('a.cancelled', '=', CANCELLED.active)
      .where('a.created_at', '>=', since)
      .where('u.status', '!=', USER_STATUS.deleted)
      .groupBy('u.id')
      .having((eb) => eb.fn.sum('a.rank'), '>', 0)
      .orderBy('gained', 'desc')
      // ties by the older account: the same order on every engine
      .orderBy('u.id')
      .limit(limit)
      .execute()
  );
}

/** Users who cast the most votes since `since` (config ids of the vote_up / vote_down keys). */
export async function topByVotes(db: DbOrTrx, since: number, voteTypes: number[], limit: number) {
  if (voteTypes.length === 0) return [];
  return db
    .selectFrom('activity as a')
    .innerJoin('user as u', 'u.id', 'a.user_id')
    .selectAll('u')
    .select((eb) => eb.fn.countAll<number>().as('votes'))
    .where('a.activity_type', 'in', voteTypes)
    .where('a.cancelled', '=', CANCELLED.active)
    .where('a.created_at', '>=', since)
    .where('u.status', '!=', USER_STATUS.deleted)
    .groupBy('u.id')
    .orderBy('votes', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}
