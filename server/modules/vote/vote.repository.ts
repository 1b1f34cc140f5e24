import type { DbOrTrx } from '../../db/database.js';

/** Stores the vote count shown on a question, answer or comment. */
export async function setVoteCount(db: DbOrTrx, kind: 'question' | 'answer' | 'comment', id: string, votes: number): Promise<void> {
  await db.updateTable(kind).set({ vote_count: votes }).where('id', '=', id).execute();
}
