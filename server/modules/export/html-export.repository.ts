import type { DbOrTrx } from '../../db/database.js';
import {
  ADOPTED,
  ANSWER_STATUS,
  COMMENT_STATUS,
  PIN_STATUS,
  QUESTION_STATUS,
  SHOW_STATUS,
  TAG_REL_STATUS,
  TAG_STATUS,
  USER_STATUS,
} from '../../contract/enums.js';

// The static archive's reads: every list is read in keyset pages of a bounded size, so an export of a
// large site never holds more than one page (and its answers and comments) at a time.

/** A question as the archive shows it. */
export interface ArchiveQuestion {
  id: string;
  user_id: number;
  title: string;
  parsed_text: string;
  status: number;
  vote_count: number;
  answer_count: number;
  view_count: number;
  accepted_answer_id: string;
  created_at: number;
  updated_at: number;
}

/** Where a keyset page of questions by newest continues. */
export interface NewestCursor {
  created_at: number;
  id: string;
}

/** Where a keyset page of questions by votes continues. */
export interface VotesCursor {
  vote_count: number;
  view_count: number;
  id: string;
}

const LISTED = [QUESTION_STATUS.available, QUESTION_STATUS.closed];
const QUESTION_COLUMNS = [
  'q.id',
  'q.user_id',
  'q.title',
  'q.parsed_text',
  'q.status',
  'q.vote_count',
  'q.answer_count',
  'q.view_count',
  'q.accepted_answer_id',
  'q.created_at',
  'q.updated_at',
] as const;

/** How many questions the archive holds (listed: open or closed, shown). */
export async function countArchiveQuestions(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('question')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', LISTED)
    .where('show', '=', SHOW_STATUS.shown)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Reads a keyset page once per pin value and merges the two. The list indexes lead with (show, pin, <order>): with
 * the pin fixed, each read walks its index in order and stops after `limit` rows, where one read over both pins
 * sorted every listed question for every page (on the 100k bench site that was 93% of the export's time).
 */
async function mergedOverPins(
  read: (pin: (typeof PIN_STATUS)[keyof typeof PIN_STATUS]) => Promise<ArchiveQuestion[]>,
  before: (a: ArchiveQuestion, b: ArchiveQuestion) => boolean,
  limit: number,
): Promise<ArchiveQuestion[]> {
  const [a, b] = await Promise.all([read(PIN_STATUS.unpinned), read(PIN_STATUS.pinned)]);
  const out: ArchiveQuestion[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && before(a[i], b[j]))) out.push(a[i++]);
    else out.push(b[j++]);
  }
  return out;
}

/** The next `limit` listed questions, newest first, after `after`. */
export async function questionsByNewest(db: DbOrTrx, after: NewestCursor | null, limit: number): Promise<ArchiveQuestion[]> {
  const read = (pin: (typeof PIN_STATUS)[keyof typeof PIN_STATUS]) => {
    let q = db
      .selectFrom('question as q')
      .select(QUESTION_COLUMNS)
      .where('q.show', '=', SHOW_STATUS.shown)
      .where('q.pin', '=', pin)
      .where('q.status', 'in', LISTED);
    if (after)
      q = q.where((eb) =>
        eb.or([eb('q.created_at', '<', after.created_at), eb.and([eb('q.created_at', '=', after.created_at), eb('q.id', '<', after.id)])]),
      );
    return q.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').limit(limit).execute();
  };
  return mergedOverPins(read, (a, b) => a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id), limit);
}

/** The next `limit` listed questions by votes (then views, then newest id), after `after`. */
export async function questionsByVotes(db: DbOrTrx, after: VotesCursor | null, limit: number): Promise<ArchiveQuestion[]> {
  const read = (pin: (typeof PIN_STATUS)[keyof typeof PIN_STATUS]) => {
    let q = db
      .selectFrom('question as q')
      .select(QUESTION_COLUMNS)
      .where('q.show', '=', SHOW_STATUS.shown)
      .where('q.pin', '=', pin)
      .where('q.status', 'in', LISTED);
    if (after)
      q = q.where((eb) =>
        eb.or([
          eb('q.vote_count', '<', after.vote_count),
          eb.and([eb('q.vote_count', '=', after.vote_count), eb('q.view_count', '<', after.view_count)]),
          eb.and([eb('q.vote_count', '=', after.vote_count), eb('q.view_count', '=', after.view_count), eb('q.id', '<', after.id)]),
        ]),
      );
    return q.orderBy('q.vote_count', 'desc').orderBy('q.view_count', 'desc').orderBy('q.id', 'desc').limit(limit).execute();
  };
  return mergedOverPins(
    read,
    (a, b) =>
      a.vote_count > b.vote_count ||
      (a.vote_count === b.vote_count && (a.view_count > b.view_count || (a.view_count === b.view_count && a.id > b.id))),
    limit,
  );
}

/** The next `limit` listed questions of a tag, newest first, after `after`. */
export async function questionsOfTag(db: DbOrTrx, tagId: string, after: NewestCursor | null, limit: number): Promise<ArchiveQuestion[]> {
  let q = db
    .selectFrom('tag_rel as r')
    .innerJoin('question as q', 'q.id', 'r.object_id')
    .select(QUESTION_COLUMNS)
    .where('r.tag_id', '=', tagId)
    .where('r.status', '=', TAG_REL_STATUS.available)
    .where('q.status', 'in', LISTED)
    .where('q.show', '=', SHOW_STATUS.shown);
  if (after)
    q = q.where((eb) =>
      eb.or([eb('q.created_at', '<', after.created_at), eb.and([eb('q.created_at', '=', after.created_at), eb('q.id', '<', after.id)])]),
    );
  return q.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').limit(limit).execute();
}

/** A user's newest listed questions (at most `limit`). */
export async function questionsOfUser(db: DbOrTrx, userId: number, limit: number): Promise<ArchiveQuestion[]> {
  return db
    .selectFrom('question as q')
    .select(QUESTION_COLUMNS)
    .where('q.user_id', '=', userId)
    .where('q.status', 'in', LISTED)
    .where('q.show', '=', SHOW_STATUS.shown)
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(limit)
    .execute();
}

/** A user's newest available answers on listed questions, with the question's title (at most `limit`). */
export async function answersOfUser(
  db: DbOrTrx,
  userId: number,
  limit: number,
): Promise<{ id: string; question_id: string; title: string; vote_count: number; adopted: number; created_at: number }[]> {
  return db
    .selectFrom('answer as a')
    .innerJoin('question as q', 'q.id', 'a.question_id')
    .select(['a.id', 'a.question_id', 'q.title', 'a.vote_count', 'a.adopted', 'a.created_at'])
    .where('a.user_id', '=', userId)
    .where('a.status', '=', ANSWER_STATUS.available)
    .where('q.status', 'in', LISTED)
    .where('q.show', '=', SHOW_STATUS.shown)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/** An answer as the archive shows it. */
export interface ArchiveAnswer {
  id: string;
  question_id: string;
  user_id: number;
  parsed_text: string;
  vote_count: number;
  adopted: number;
  created_at: number;
}

/** The available answers of some questions: the accepted one first, then by votes and age. */
export async function answersOfQuestions(db: DbOrTrx, questionIds: string[]): Promise<ArchiveAnswer[]> {
  if (!questionIds.length) return [];
  const rows = await db
    .selectFrom('answer')
    .select(['id', 'question_id', 'user_id', 'parsed_text', 'vote_count', 'adopted', 'created_at'])
    .where('question_id', 'in', questionIds)
    .where('status', '=', ANSWER_STATUS.available)
    .orderBy('vote_count', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const accepted = (a: ArchiveAnswer) => (a.adopted === ADOPTED.accepted ? 0 : 1);
  return rows.sort((a, b) => accepted(a) - accepted(b));
}

/** A comment as the archive shows it. */
export interface ArchiveComment {
  id: string;
  object_id: string;
  user_id: number;
  parsed_text: string;
  vote_count: number;
  created_at: number;
}

/**
 * The available comments on some posts (questions and answers, by the post's id), oldest first. By `object_id`,
 * which comment_object_idx leads with: by `question_id` (no index) every page of the export scanned every comment.
 */
export async function commentsOfPosts(db: DbOrTrx, postIds: string[]): Promise<ArchiveComment[]> {
  if (!postIds.length) return [];
  return db
    .selectFrom('comment')
    .select(['id', 'object_id', 'user_id', 'parsed_text', 'vote_count', 'created_at'])
    .where('object_id', 'in', postIds)
    .where('status', '=', COMMENT_STATUS.available)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** A tag as the archive shows it. */
export interface ArchiveTag {
  id: string;
  slug_name: string;
  display_name: string;
  parsed_text: string;
  question_count: number;
}

/** The available tags of some questions. */
export async function tagsOfQuestions(db: DbOrTrx, questionIds: string[]): Promise<{ question_id: string; tag: ArchiveTag }[]> {
  if (!questionIds.length) return [];
  const rows = await db
    .selectFrom('tag_rel as r')
    .innerJoin('tag as t', 't.id', 'r.tag_id')
    .select(['r.object_id', 't.id', 't.slug_name', 't.display_name', 't.parsed_text', 't.question_count'])
    .where('r.object_id', 'in', questionIds)
    .where('r.status', '=', TAG_REL_STATUS.available)
    .where('t.status', '=', TAG_STATUS.available)
    .orderBy('r.id', 'asc')
    .execute();
  return rows.map(({ object_id, ...tag }) => ({ question_id: object_id, tag }));
}

/** The next `limit` available main tags with questions, by slug, after `afterSlug`. */
export async function tagsBySlug(db: DbOrTrx, afterSlug: string | null, limit: number): Promise<ArchiveTag[]> {
  let q = db
    .selectFrom('tag')
    .select(['id', 'slug_name', 'display_name', 'parsed_text', 'question_count'])
    .where('status', '=', TAG_STATUS.available)
    .where('main_tag_id', '=', '0')
    .where('question_count', '>', 0);
  if (afterSlug !== null) q = q.where('slug_name', '>', afterSlug);
  return q.orderBy('slug_name', 'asc').limit(limit).execute();
}

/** A user as the archive shows it (no e-mail, nothing private). */
export interface ArchiveUser {
  id: number;
  username: string;
  display_name: string;
  rank: number;
  bio_html: string;
  created_at: number;
}

/** Some users by id (deleted ones left out). */
export async function usersByIds(db: DbOrTrx, ids: number[]): Promise<ArchiveUser[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('user')
    .select(['id', 'username', 'display_name', 'rank', 'bio_html', 'created_at'])
    .where('id', 'in', ids)
    .where('status', '!=', USER_STATUS.deleted)
    .execute();
}

/** The next `limit` users (not deleted) by id, after `afterId`. */
export async function usersById(db: DbOrTrx, afterId: number, limit: number): Promise<ArchiveUser[]> {
  return db
    .selectFrom('user')
    .select(['id', 'username', 'display_name', 'rank', 'bio_html', 'created_at'])
    .where('status', '!=', USER_STATUS.deleted)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}
