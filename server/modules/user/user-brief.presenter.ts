import type { DbOrTrx } from '../../db/database.js';
import type { SiteGroups } from '../siteinfo/siteinfo.defaults.js';
import { presentUserBasic } from './user.presenter.js';
import { findUsersByIds } from './user.repository.js';

/** UserBasicInfo as shown beside posts. */
export type UserBasicInfo = ReturnType<typeof presentUserBasic>;

/** Many users' basic info in one query, by id. */
export async function userBriefs(db: DbOrTrx, users: SiteGroups['users'], ids: number[]): Promise<Map<number, UserBasicInfo>> {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (unique.length === 0) return new Map();
  const rows = await findUsersByIds(db, unique);
  return new Map(rows.map((u) => [u.id, presentUserBasic(u, users)]));
}
