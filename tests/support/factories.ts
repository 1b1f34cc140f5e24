import type { Insertable } from 'kysely';
import type { AnswerTable, CommentTable, QuestionTable } from '../../server/db/tables/content.table.js';
import { newObjectId, OBJECT_TYPE } from '../../server/infra/ids/object-id.js';
import type { TestApp } from './test-app.js';

// Shared builders for server tests: API-level factories that post through the app as a person would
// (each returns the new id and throws with the response body when the call is refused), and direct
// inserts for tests that need rows the API would not write (old dates, odd statuses).

const V1 = '/answer/api/v1';

type Response = Awaited<ReturnType<TestApp['call']>>;

/** The envelope's data of a 200 answer; otherwise an error naming the call, its status and the body. */
function dataOf(what: string, r: Response): any {
  if (r.status !== 200) throw new Error(`${what} failed with ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Tags as the question form sends them: slugs (strings) or tag objects (a new tag's description in original_text). */
type TagsIn = (string | { slug_name: string; display_name?: string; original_text?: string })[];

export interface QuestionOverrides {
  title?: string;
  content?: string;
  /** Slugs of existing tags (or tag objects); default ['sqlite']. */
  tags?: TagsIn;
  /** Any other field of the request body. */
  [field: string]: unknown;
}

let asked = 0;

/**
 * Asks a question through POST /question; returns its id. The default title differs each call (the server
 * refuses the same request twice in a row); the content defaults to a sentence naming the title.
 */
export async function askQuestion(app: TestApp, token: string, overrides: QuestionOverrides = {}): Promise<string> {
  const { title = `How do I keep lantern number ${++asked} lit all night?`, content, tags = ['sqlite'], ...rest } = overrides;
  const body = {
    title,
    content: content ?? `Details about: ${title}`,
    tags: tags.map((t) => (typeof t === 'string' ? { slug_name: t } : t)),
    ...rest,
  };
  return dataOf('askQuestion', await app.call('POST', `${V1}/question`, { token, body })).id as string;
}

/** Answers a question through POST /answer; returns the answer's id. */
export async function postAnswer(
  app: TestApp,
  token: string,
  questionId: string,
  overrides: { content?: string; [field: string]: unknown } = {},
): Promise<string> {
  const body = { question_id: questionId, content: 'An answer that is long enough to post.', ...overrides };
  return dataOf('postAnswer', await app.call('POST', `${V1}/answer`, { token, body })).info.id as string;
}

/** Comments on a question or answer through POST /comment; `extra` adds fields (mention_username_list, reply_comment_id). */
export async function postComment(
  app: TestApp,
  token: string,
  objectId: string,
  text = 'A comment that is long enough.',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const body = { object_id: objectId, original_text: text, ...extra };
  return dataOf('postComment', await app.call('POST', `${V1}/comment`, { token, body })).comment_id as string;
}

/** Votes on a post or comment through POST /vote/up|down (or cancels it); returns the new counts. */
export async function vote(
  app: TestApp,
  token: string,
  objectId: string,
  dir: 'up' | 'down' = 'up',
  opts: { cancel?: boolean } = {},
): Promise<{ up_votes: number; down_votes: number; votes: number; vote_status: string }> {
  const body = { object_id: objectId, is_cancel: opts.cancel ?? false };
  return dataOf(`vote ${dir}`, await app.call('POST', `${V1}/vote/${dir}`, { token, body }));
}

/** Accepts an answer through POST /answer/acceptance (as the question's owner or staff). */
export async function acceptAnswer(app: TestApp, token: string, questionId: string, answerId: string): Promise<void> {
  dataOf(
    'acceptAnswer',
    await app.call('POST', `${V1}/answer/acceptance`, { token, body: { question_id: questionId, answer_id: answerId } }),
  );
}

/** POST /user/login/email as it answers: for tests about refused logins. */
export function tryLogin(app: TestApp, email: string, pass = 'password-123'): Promise<Response> {
  return app.call('POST', `${V1}/user/login/email`, { body: { e_mail: email, pass } });
}

/** Logs in by e-mail and password; returns the login payload (id, access_token, username...). */
export async function login(
  app: TestApp,
  email: string,
  pass = 'password-123',
): Promise<{ id: string; access_token: string; username: string; [field: string]: unknown }> {
  return dataOf('login', await tryLogin(app, email, pass));
}

// ---- direct inserts ----

const db = (app: TestApp) => app.lantern.ctx.db;

/** Writes a question row straight into the table (no tags, revision or counters); returns its id. */
export async function insertQuestion(
  app: TestApp,
  row: { userId: number; title?: string; content?: string; createdAt?: number } & Partial<Insertable<QuestionTable>>,
): Promise<string> {
  const { userId, title = 'A question written into the table', content = 'x', createdAt, ...columns } = row;
  const id = await newObjectId(db(app), OBJECT_TYPE.question);
  const t = createdAt ?? app.lantern.ctx.clock.now();
  await db(app)
    .insertInto('question')
    .values({
      id,
      user_id: userId,
      title,
      original_text: content,
      parsed_text: `<p>${content}</p>`,
      post_update_time: t,
      created_at: t,
      updated_at: t,
      ...columns,
    })
    .execute();
  return id;
}

/** Writes an answer row straight into the table (the question's counters stay as they are); returns its id. */
export async function insertAnswer(
  app: TestApp,
  row: { questionId: string; userId: number; content?: string; createdAt?: number } & Partial<Insertable<AnswerTable>>,
): Promise<string> {
  const { questionId, userId, content = 'a', createdAt, ...columns } = row;
  const id = await newObjectId(db(app), OBJECT_TYPE.answer);
  const t = createdAt ?? app.lantern.ctx.clock.now();
  await db(app)
    .insertInto('answer')
    .values({
      id,
      question_id: questionId,
      user_id: userId,
      original_text: content,
      parsed_text: `<p>${content}</p>`,
      status: 1,
      created_at: t,
      updated_at: t,
      ...columns,
    })
    .execute();
  return id;
}

/** Writes a comment row straight into the table (the post's comment_count stays as it is); returns its id. */
export async function insertComment(
  app: TestApp,
  row: { objectId: string; questionId: string; userId: number; content?: string; createdAt?: number } & Partial<Insertable<CommentTable>>,
): Promise<string> {
  const { objectId, questionId, userId, content = 'c', createdAt, ...columns } = row;
  const id = await newObjectId(db(app), OBJECT_TYPE.comment);
  const t = createdAt ?? app.lantern.ctx.clock.now();
  await db(app)
    .insertInto('comment')
    .values({
      id,
      user_id: userId,
      object_id: objectId,
      question_id: questionId,
      reply_user_id: null,
      reply_comment_id: null,
      original_text: content,
      parsed_text: `<p>${content}</p>`,
      status: 1,
      created_at: t,
      updated_at: t,
      ...columns,
    })
    .execute();
  return id;
}
