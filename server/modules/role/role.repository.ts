import type { DbOrTrx } from '../../db/database.js';

/** Every role, by id. */
export async function listRoles(db: DbOrTrx) {
  return db.selectFrom('role').select(['id', 'name', 'description']).orderBy('id').execute();
}
