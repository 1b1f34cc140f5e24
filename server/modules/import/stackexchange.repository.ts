import type { DbOrTrx } from '../../db/database.js';
import type { QuestionStatus } from '../../contract/enums.js';
import {
  ADOPTED,
  BADGE_STATUS,
  ANSWER_STATUS,
  MAIL_STATUS,
  NOTICE_STATUS,
  QUESTION_STATUS,
  TAG_REL_STATUS,
  TAG_STATUS,
  USER_STATUS,
} from '../../contract/enums.js';

/** The meta key that marks an imported object with where it came from ("<host>/<kind>/<id>"). */
export const SOURCE_KEY = 'stackexchange.source';

/** Objects already imported from a site: meta rows with their answer's question and user's name. */
export async function importedFrom(db: DbOrTrx, host: string) {
  const rows = await db
    .selectFrom('meta')
    .select(['object_id', 'value'])
    .where('key', '=', SOURCE_KEY)
    .where('value', 'like', `${host}/%`)
    .execute();
  const answerIds = rows.filter((r) => r.value.startsWith(`${host}/a/`)).map((r) => r.object_id);
  const userIds = rows.filter((r) => /\/[un]\//.test(r.value.slice(host.length))).map((r) => Number(r.object_id));
  const answers = new Map<string, string>();
  for (let i = 0; i < answerIds.length; i += 500) {
    for (const a of await db
      .selectFrom('answer')
      .select(['id', 'question_id'])
      .where('id', 'in', answerIds.slice(i, i + 500))
      .execute())
      answers.set(a.id, a.question_id);
  }
  const names = new Map<number, string>();
  for (let i = 0; i < userIds.length; i += 500) {
    for (const u of await db
      .selectFrom('user')
      .select(['id', 'display_name'])
      .where('id', 'in', userIds.slice(i, i + 500))
      .execute())
      names.set(u.id, u.display_name);
  }
  return { rows, answers, names };
}

/** Every username in use. */
export async function allUsernames(db: DbOrTrx): Promise<string[]> {
  return (await db.selectFrom('user').select('username').execute()).map((u) => u.username);
}

/** Marks an object as imported. */
export async function markImported(db: DbOrTrx, objectId: string, source: string, now: number): Promise<void> {
  await db.insertInto('meta').values({ object_id: objectId, key: SOURCE_KEY, value: source, created_at: now, updated_at: now }).execute();
}

/** Inserts an account that cannot log in (no password, an address under .invalid). */
export async function insertImportedUser(
  db: DbOrTrx,
  u: {
    username: string;
    display_name: string;
    e_mail: string;
    rank: number;
    created_at: number;
    last_login_date: number;
    bio: string;
    bio_html: string;
    website: string;
    location: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('user')
    .values({
      ...u,
      updated_at: u.created_at,
      pass: '',
      mail_status: MAIL_STATUS.verified,
      notice_status: NOTICE_STATUS.off,
      status: USER_STATUS.available,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts an imported question. */
export async function insertQuestion(
  db: DbOrTrx,
  q: {
    id: string;
    user_id: number;
    title: string;
    original_text: string;
    parsed_text: string;
    status: QuestionStatus;
    view_count: number;
    vote_count: number;
    created_at: number;
    updated_at: number;
    post_update_time: number;
  },
): Promise<void> {
  await db.insertInto('question').values(q).execute();
}

/** Inserts an imported answer. */
export async function insertAnswer(
  db: DbOrTrx,
  a: {
    id: string;
    question_id: string;
    user_id: number;
    original_text: string;
    parsed_text: string;
    vote_count: number;
    created_at: number;
    updated_at: number;
  },
): Promise<void> {
  await db.insertInto('answer').values(a).execute();
}

/** Inserts an imported comment. */
export async function insertComment(
  db: DbOrTrx,
  c: {
    id: string;
    user_id: number;
    object_id: string;
    question_id: string;
    original_text: string;
    parsed_text: string;
    vote_count: number;
    created_at: number;
  },
): Promise<void> {
  await db
    .insertInto('comment')
    .values({ ...c, reply_user_id: null, reply_comment_id: null, updated_at: c.created_at })
    .execute();
}

/** Sets the newest revision of a question or answer. */
export async function setRevision(db: DbOrTrx, table: 'question' | 'answer', id: string, revisionId: number): Promise<void> {
  await db.updateTable(table).set({ revision_id: revisionId }).where('id', '=', id).execute();
}

/** Links a question to a tag (listed). */
export async function linkTag(db: DbOrTrx, questionId: string, tagId: string, now: number): Promise<void> {
  await db
    .insertInto('tag_rel')
    .values({ object_id: questionId, tag_id: tagId, status: TAG_REL_STATUS.available, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['object_id', 'tag_id']).doNothing())
    .execute();
}

/** Brings a deleted tag back. */
export async function reviveTag(db: DbOrTrx, tagId: string, now: number): Promise<void> {
  await db.updateTable('tag').set({ status: TAG_STATUS.available, updated_at: now }).where('id', '=', tagId).execute();
}

/** Marks an answer accepted on its question. */
export async function acceptAnswer(db: DbOrTrx, questionId: string, answerId: string): Promise<boolean> {
  const q = await db.selectFrom('question').select('accepted_answer_id').where('id', '=', questionId).executeTakeFirst();
  if (!q || q.accepted_answer_id === answerId) return false;
  await db.updateTable('answer').set({ adopted: ADOPTED.accepted }).where('id', '=', answerId).execute();
  await db.updateTable('question').set({ accepted_answer_id: answerId }).where('id', '=', questionId).execute();
  return true;
}

/** The authors (of the questions and their answers) and the tags of imported questions, for a recount. */
export async function authorsAndTagsOf(db: DbOrTrx, questionIds: string[]): Promise<{ users: number[]; tags: string[] }> {
  const users = new Set<number>();
  const tags = new Set<string>();
  for (let i = 0; i < questionIds.length; i += 500) {
    const chunk = questionIds.slice(i, i + 500);
    for (const r of await db.selectFrom('question').select('user_id').where('id', 'in', chunk).execute()) users.add(r.user_id);
    for (const r of await db.selectFrom('answer').select('user_id').where('question_id', 'in', chunk).execute()) users.add(r.user_id);
    for (const r of await db.selectFrom('tag_rel').select('tag_id').where('object_id', 'in', chunk).execute()) tags.add(r.tag_id);
  }
  return { users: [...users], tags: [...tags] };
}

/** Recounts questions' available answers and their newest answer. */
export async function recountQuestions(db: DbOrTrx, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db
      .updateTable('question')
      .set((eb) => ({
        answer_count: eb
          .selectFrom('answer')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('answer.question_id', '=', 'question.id')
          .where('answer.status', '=', ANSWER_STATUS.available),
        last_answer_id: eb.fn.coalesce(
          eb
            .selectFrom('answer')
            .select('answer.id')
            .whereRef('answer.question_id', '=', 'question.id')
            .where('answer.status', '=', ANSWER_STATUS.available)
            .orderBy('answer.created_at', 'desc')
            .orderBy('answer.id', 'desc')
            .limit(1),
          eb.val('0'),
        ),
      }))
      .where('id', 'in', chunk)
      .execute();
  }
}

/** Recounts users' available questions and answers. */
export async function recountUsers(db: DbOrTrx, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db
      .updateTable('user')
      .set((eb) => ({
        question_count: eb
          .selectFrom('question')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('question.user_id', '=', 'user.id')
          .where('question.status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed]),
        answer_count: eb
          .selectFrom('answer')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('answer.user_id', '=', 'user.id')
          .where('answer.status', '=', ANSWER_STATUS.available),
      }))
      .where('id', 'in', chunk)
      .execute();
  }
}

/** The meta key marking a post whose PostHistory.xml revisions were imported. */
export const HISTORY_KEY = 'stackexchange.history';

/** Marks a post's history imported. */
export async function markHistory(db: DbOrTrx, postId: string, now: number): Promise<void> {
  await db.insertInto('meta').values({ object_id: postId, key: HISTORY_KEY, value: '1', created_at: now, updated_at: now }).execute();
}

/** Whether a post's history was imported. */
export async function historyImported(db: DbOrTrx, postId: string): Promise<boolean> {
  return (
    (await db.selectFrom('meta').select('id').where('object_id', '=', postId).where('key', '=', HISTORY_KEY).executeTakeFirst()) !==
    undefined
  );
}

/** How many revisions (of any status) an object has. */
export async function revisionCount(db: DbOrTrx, objectId: string): Promise<number> {
  const { n } = await db
    .selectFrom('revision')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_id', '=', objectId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A tag by its slug: its id, description and main tag (undefined when there is none). */
export async function tagBySlug(db: DbOrTrx, slug: string) {
  return db.selectFrom('tag').select(['id', 'original_text', 'main_tag_id']).where('slug_name', '=', slug).executeTakeFirst();
}

/** Gives a tag a description, unless it got one meanwhile. */
export async function describeTagIfBlank(db: DbOrTrx, tagId: string, text: string, html: string): Promise<void> {
  await db
    .updateTable('tag')
    .set({ original_text: text, parsed_text: html })
    .where('id', '=', tagId)
    .where('original_text', '=', '')
    .execute();
}

/** The badges not deleted, in id order. */
export async function liveBadges(db: DbOrTrx) {
  return db
    .selectFrom('badge')
    .select(['id', 'name', 'single', 'badge_group_id'])
    .where('status', '!=', BADGE_STATUS.deleted)
    .orderBy('id')
    .execute();
}

/** Inserts an award of a badge. */
export async function insertBadgeAward(
  db: DbOrTrx,
  a: { id: string; user_id: number; badge_id: string; award_key: string; badge_group_id: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('badge_award')
    .values({ ...a, is_badge_deleted: 0, updated_at: a.created_at })
    .execute();
}

/** The id of the config row with this key (undefined when there is none). */
export async function configIdByKey(db: DbOrTrx, key: string) {
  return db.selectFrom('config').select('id').where('key', '=', key).executeTakeFirst();
}

/** The author of a question or answer (throws when there is no such post). */
export async function postOwner(db: DbOrTrx, table: 'question' | 'answer', id: string) {
  return db.selectFrom(table).select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
}

/** A user's activity on an object of one of these types that is not cancelled (undefined when there is none). */
export async function liveActivityOf(db: DbOrTrx, objectId: string, userId: number, types: number[]) {
  return db
    .selectFrom('activity')
    .select('id')
    .where('object_id', '=', objectId)
    .where('user_id', '=', userId)
    .where('activity_type', 'in', types)
    .where('cancelled', '=', 0)
    .executeTakeFirst();
}

/** The current revision id of a question or answer (throws when there is no such post). */
export async function postRevisionId(db: DbOrTrx, table: 'question' | 'answer', id: string) {
  return db.selectFrom(table).select('revision_id').where('id', '=', id).executeTakeFirstOrThrow();
}

/** A revision's id, title and content (throws when there is no such revision). */
export async function revisionById(db: DbOrTrx, id: number) {
  return db.selectFrom('revision').select(['id', 'title', 'content']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Points the activities of an object that show one revision at another. */
export async function moveActivityRevision(db: DbOrTrx, objectId: string, fromRevisionId: number, toRevisionId: number): Promise<void> {
  await db
    .updateTable('activity')
    .set({ revision_id: toRevisionId })
    .where('object_id', '=', objectId)
    .where('revision_id', '=', fromRevisionId)
    .execute();
}

/** Deletes a revision. */
export async function deleteRevision(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('revision').where('id', '=', id).execute();
}

/** The titles of questions, by id. */
export async function questionTitles(db: DbOrTrx, ids: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of await db
      .selectFrom('question')
      .select(['id', 'title'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute())
      titles.set(r.id, r.title);
  }
  return titles;
}

/** Texts that may hold a link to a question or answer of a site (/questions/, /q/ or /a/ in them). */
const LINK_PATTERNS = ['%/questions/%', '%/q/%', '%/a/%'];

/** Of these questions or answers, those whose text may link a post: id, text and current revision. */
export async function postsWithLinks(db: DbOrTrx, table: 'question' | 'answer', ids: string[]) {
  return db
    .selectFrom(table)
    .select(['id', 'original_text', 'revision_id'])
    .where('id', 'in', ids)
    .where((eb) => eb.or(LINK_PATTERNS.map((p) => eb('original_text', 'like', p))))
    .execute();
}

/** Sets the text of a question or answer. */
export async function setPostText(db: DbOrTrx, table: 'question' | 'answer', id: string, text: string, html: string): Promise<void> {
  await db.updateTable(table).set({ original_text: text, parsed_text: html }).where('id', '=', id).execute();
}

/** A revision's content (undefined when there is no such revision). */
export async function revisionContent(db: DbOrTrx, id: number) {
  return db.selectFrom('revision').select('content').where('id', '=', id).executeTakeFirst();
}

/** Replaces a revision's content. */
export async function setRevisionContent(db: DbOrTrx, id: number, content: string): Promise<void> {
  await db.updateTable('revision').set({ content }).where('id', '=', id).execute();
}

/** The comments imported from a site whose text may link a post: id and text. */
export async function importedCommentsWithLinks(db: DbOrTrx, host: string) {
  return db
    .selectFrom('comment as c')
    .innerJoin('meta as m', 'm.object_id', 'c.id')
    .select(['c.id', 'c.original_text'])
    .where('m.key', '=', SOURCE_KEY)
    .where('m.value', 'like', `${host}/c/%`)
    .where((eb) => eb.or(LINK_PATTERNS.map((p) => eb('c.original_text', 'like', p))))
    .execute();
}

/** Sets the text of a comment. */
export async function setCommentText(db: DbOrTrx, id: string, text: string, html: string): Promise<void> {
  await db.updateTable('comment').set({ original_text: text, parsed_text: html }).where('id', '=', id).execute();
}
