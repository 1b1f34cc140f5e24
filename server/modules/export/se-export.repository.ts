import type { DbOrTrx } from '../../db/database.js';
import {
  ACTIVITY_TYPE,
  ANSWER_STATUS,
  COMMENT_STATUS,
  QUESTION_LINK_STATUS,
  QUESTION_STATUS,
  REVISION_STATUS,
  TAG_REL_STATUS,
  TAG_STATUS,
  USER_STATUS,
} from '../../contract/enums.js';

// Every read is one page (keyset on the primary key): the export never holds a table in memory.

/** The meta key the Stack Exchange importer marks imported objects with ("<host>/<kind>/<id>"). */
export const SE_SOURCE_KEY = 'stackexchange.source';
const CLOSE_KEY = 'question.close.reason';
const BADGE_ACTIVE = 1;

/** A page of the importer's source marks, after meta row `after`. */
export function sourceMarks(db: DbOrTrx, after: number, size: number) {
  return db
    .selectFrom('meta')
    .select(['id', 'object_id', 'value'])
    .where('key', '=', SE_SOURCE_KEY)
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** A page of accounts (not deleted), after user `after`. */
export function usersPage(db: DbOrTrx, after: number, size: number) {
  return db
    .selectFrom('user')
    .select(['id', 'display_name', 'rank', 'created_at', 'last_login_date', 'website', 'location', 'bio'])
    .where('status', '!=', USER_STATUS.deleted)
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** A page of questions shown on the site (open or closed), after question `after`. */
export function questionsPage(db: DbOrTrx, after: string, size: number) {
  return db
    .selectFrom('question')
    .select([
      'id',
      'user_id',
      'title',
      'original_text',
      'status',
      'view_count',
      'vote_count',
      'answer_count',
      'collection_count',
      'accepted_answer_id',
      'created_at',
      'updated_at',
      'post_update_time',
    ])
    .where('status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed])
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** A page of answers shown on the site, after answer `after`. */
export function answersPage(db: DbOrTrx, after: string, size: number) {
  return db
    .selectFrom('answer')
    .select(['id', 'question_id', 'user_id', 'original_text', 'vote_count', 'created_at', 'updated_at'])
    .where('status', '=', ANSWER_STATUS.available)
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** The tags of these questions, each question's in the order they were given. */
export function tagsOfQuestions(db: DbOrTrx, questionIds: string[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag_rel as r')
    .innerJoin('tag as t', 't.id', 'r.tag_id')
    .select(['r.object_id', 't.slug_name'])
    .where('r.object_id', 'in', questionIds)
    .where('r.status', '=', TAG_REL_STATUS.available)
    .orderBy('r.id')
    .execute();
}

/** How many shown comments each of these posts has. */
export function commentCounts(db: DbOrTrx, postIds: string[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('comment')
    .select(['object_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('object_id', 'in', postIds)
    .where('status', '=', COMMENT_STATUS.available)
    .groupBy('object_id')
    .execute();
}

/** Which of these questions are closed as duplicates: their close reason's type and message. */
export function closeReasons(db: DbOrTrx, questionIds: string[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('meta').select(['object_id', 'value']).where('key', '=', CLOSE_KEY).where('object_id', 'in', questionIds).execute();
}

/** The config id of a close reason by its key (reason.a_duplicate). */
export function configId(db: DbOrTrx, key: string) {
  return db.selectFrom('config').select('id').where('key', '=', key).executeTakeFirst();
}

/** A page of shown comments, after comment `after`. */
export function commentsPage(db: DbOrTrx, after: string, size: number) {
  return db
    .selectFrom('comment')
    .select(['id', 'object_id', 'user_id', 'original_text', 'vote_count', 'created_at'])
    .where('status', '=', COMMENT_STATUS.available)
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** A page of live tags (not synonyms of another), by slug after `after`. */
export function tagsPage(db: DbOrTrx, after: string, size: number) {
  return db
    .selectFrom('tag')
    .select(['id', 'slug_name', 'original_text', 'question_count', 'created_at'])
    .where('status', '=', TAG_STATUS.available)
    .where('main_tag_id', '=', '0')
    .where('slug_name', '>', after)
    .orderBy('slug_name')
    .limit(size)
    .execute();
}

/** The accepted revisions of these posts, oldest first per post. */
export function revisionsOf(db: DbOrTrx, objectIds: string[]) {
  if (objectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('revision')
    .select(['id', 'object_id', 'user_id', 'title', 'content', 'log', 'created_at'])
    .where('object_id', 'in', objectIds)
    .where('status', 'in', [REVISION_STATUS.normal, REVISION_STATUS.approved])
    .orderBy('object_id')
    .orderBy('id')
    .execute();
}

const VOTE_TYPES = [
  ACTIVITY_TYPE['question.vote_up'],
  ACTIVITY_TYPE['question.vote_down'],
  ACTIVITY_TYPE['answer.vote_up'],
  ACTIVITY_TYPE['answer.vote_down'],
];

/** Whether an activity type is an up vote (else a down vote). */
export const isUpVote = (type: number) => type === ACTIVITY_TYPE['question.vote_up'] || type === ACTIVITY_TYPE['answer.vote_up'];

/** A page of live votes on questions and answers (the voter's own activity row), after activity `after`. */
export function votesPage(db: DbOrTrx, after: number, size: number) {
  return db
    .selectFrom('activity')
    .select(['id', 'user_id', 'object_id', 'activity_type', 'created_at'])
    .where('activity_type', 'in', VOTE_TYPES)
    .where('cancelled', '=', 0)
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** A page of bookmarks, after bookmark `after`. */
export function bookmarksPage(db: DbOrTrx, after: string, size: number) {
  return db
    .selectFrom('collection')
    .select(['id', 'user_id', 'object_id', 'created_at'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** A page of awards of live badges, after award `after`. */
export function badgeAwardsPage(db: DbOrTrx, after: string, size: number) {
  return db
    .selectFrom('badge_award as w')
    .innerJoin('badge as b', 'b.id', 'w.badge_id')
    .select(['w.id', 'w.user_id', 'w.created_at', 'b.name', 'b.level'])
    .where('w.is_badge_deleted', '=', 0)
    .where('b.status', '=', BADGE_ACTIVE)
    .where('w.id', '>', after)
    .orderBy('w.id')
    .limit(size)
    .execute();
}

/** A page of live links between posts, after link `after`. */
export function linksPage(db: DbOrTrx, after: number, size: number) {
  return db
    .selectFrom('question_link')
    .select(['id', 'from_question_id', 'from_answer_id', 'to_question_id', 'to_answer_id', 'created_at'])
    .where('status', '=', QUESTION_LINK_STATUS.available)
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** A page of uploaded files, after record `after`. */
export function uploadsPage(db: DbOrTrx, after: number, size: number) {
  return db.selectFrom('file_record').select(['id', 'file_path', 'file_url']).where('id', '>', after).orderBy('id').limit(size).execute();
}
