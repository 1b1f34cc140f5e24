import type { DbOrTrx } from '../../db/database.js';
import * as repo from './stackexchange.repository.js';

/** A dump account as imported: its Lantern id, the name it was credited by, its Stack Exchange id (null for a name-only author). */
export interface ImportedUser {
  id: number;
  name: string;
  seId: number | null;
}

/** A dump post as imported: its Lantern id and its question's (the same for a question). */
export interface ImportedPost {
  id: string;
  questionId: string;
}

/**
 * What the dump's ids stand for here, shared by every file's reader: filled from what earlier runs
 * imported, then by each row as its batch commits (never by a row that was rolled back).
 */
export interface IdMap {
  /** Authors by `u/<Stack Exchange user id>` or, for a name-only author, `n/<display name>`. */
  readonly users: Map<string, ImportedUser>;
  /** Questions and answers by Stack Exchange post id. */
  readonly posts: Map<number, ImportedPost>;
  /** Comments.xml row ids imported. */
  readonly comments: Set<number>;
  /** Badges.xml row ids imported. */
  readonly badgeAwards: Set<number>;
  /** Tag ids by slug (the main tag's for a synonym). */
  readonly tags: Map<string, string>;
  /** Every username taken on the site, so a new account gets a free one. */
  readonly usernames: Set<string>;
}

/** An id map with nothing in it. */
export function emptyIdMap(): IdMap {
  return { users: new Map(), posts: new Map(), comments: new Set(), badgeAwards: new Set(), tags: new Map(), usernames: new Set() };
}

/** Fills `ids` with what earlier runs imported from `host`, so a repeated import adds only what is new. */
export async function loadIdMap(db: DbOrTrx, host: string, ids: IdMap): Promise<void> {
  const { rows, answers, names } = await repo.importedFrom(db, host);
  for (const r of rows) {
    const [kind, ...rest] = r.value.slice(host.length + 1).split('/');
    const key = rest.join('/');
    if (kind === 'u' || kind === 'n') {
      const id = Number(r.object_id);
      ids.users.set(`${kind}/${key}`, { id, name: names.get(id) ?? key, seId: kind === 'u' ? Number(key) : null });
    } else if (kind === 'q') ids.posts.set(Number(key), { id: r.object_id, questionId: r.object_id });
    else if (kind === 'a' && answers.has(r.object_id))
      ids.posts.set(Number(key), { id: r.object_id, questionId: answers.get(r.object_id)! });
    else if (kind === 'c') ids.comments.add(Number(key));
    else if (kind === 'b') ids.badgeAwards.add(Number(key));
  }
  for (const u of await repo.allUsernames(db)) ids.usernames.add(u);
}
