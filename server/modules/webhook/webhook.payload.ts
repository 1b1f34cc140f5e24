import type { AppContext } from '../../app-context.js';
import { ANSWER_STATUS, COMMENT_STATUS, QUESTION_STATUS, SHOW_STATUS, USER_STATUS } from '../../contract/enums.js';
import type { WebhookEvent } from '../../contract/api/webhook.js';
import type { DomainEvent } from '../../infra/events.js';
import { findComment } from '../comment/comment-common.service.js';
import { postUrl } from '../notification/notification.mail.js';
import { tagsOfQuestions } from '../tag/tag-common.service.js';
import { linkBase } from '../user/user.mail.js';
import { findUserById } from '../user/user-common.service.js';
import { findAnswer, findQuestion } from '../post/post.repository.js';

// What a hook receives about an event: the object's public data only, as a reader of the site
// would see it (titles, links, authors' user names and display names; never an e-mail address, a
// flagger's name or a flag's text). A post that readers cannot see (waiting for review, deleted,
// an unlisted question and what hangs from it) sends nothing.

type Data = Record<string, unknown>;

/** The site's address for links (its site URL, else the address this server listens on). */
function siteBase(ctx: AppContext): Promise<string> {
  const host = ctx.binding.host.includes(':') ? `[${ctx.binding.host}]` : ctx.binding.host;
  return linkBase(ctx, `http://${host}:${ctx.binding.port}`);
}

async function userOf(ctx: AppContext, id: number) {
  const u = await findUserById(ctx.db, id);
  if (!u || u.status === USER_STATUS.deleted) return null;
  return { username: u.username, display_name: u.display_name, url: `${await siteBase(ctx)}/users/${encodeURIComponent(u.username)}` };
}

async function visibleQuestion(ctx: AppContext, id: string) {
  const q = await findQuestion(ctx.db, id);
  if (!q || (q.status !== QUESTION_STATUS.available && q.status !== QUESTION_STATUS.closed) || q.show !== SHOW_STATUS.shown) return null;
  return q;
}

async function questionData(ctx: AppContext, id: string): Promise<Data | null> {
  const q = await visibleQuestion(ctx, id);
  if (!q) return null;
  const tags = await tagsOfQuestions(ctx.db, [q.id]);
  return {
    id: q.id,
    title: q.title,
    url: await postUrl(ctx, { questionId: q.id, title: q.title }),
    tags: tags.map((t) => t.slug_name),
    created_at: q.created_at,
    author: await userOf(ctx, q.user_id),
  };
}

async function answerData(ctx: AppContext, id: string): Promise<Data | null> {
  const a = await findAnswer(ctx.db, id);
  if (!a || a.status !== ANSWER_STATUS.available) return null;
  const q = await visibleQuestion(ctx, a.question_id);
  if (!q) return null;
  return {
    answer: {
      id: a.id,
      url: await postUrl(ctx, { questionId: q.id, title: q.title, answerId: a.id }),
      created_at: a.created_at,
      author: await userOf(ctx, a.user_id),
    },
    question: await questionData(ctx, q.id),
  };
}

async function commentData(ctx: AppContext, id: string): Promise<Data | null> {
  const c = await findComment(ctx.db, id);
  if (!c || c.status !== COMMENT_STATUS.available) return null;
  const q = await visibleQuestion(ctx, c.question_id);
  if (!q) return null;
  const onAnswer = c.object_id !== q.id ? await findAnswer(ctx.db, c.object_id) : undefined;
  if (onAnswer && onAnswer.status !== ANSWER_STATUS.available) return null;
  return {
    comment: {
      id: c.id,
      object_id: c.object_id,
      object_type: onAnswer ? 'answer' : 'question',
      url: await postUrl(ctx, { questionId: q.id, title: q.title, answerId: onAnswer?.id, commentId: c.id }),
      created_at: c.created_at,
      author: await userOf(ctx, c.user_id),
    },
    question: await questionData(ctx, q.id),
  };
}

async function flaggedData(ctx: AppContext, e: Extract<DomainEvent, { type: 'report.created' }>): Promise<Data | null> {
  let question: Data | null = null;
  let url = '';
  if (e.objectType === 'question') question = await questionData(ctx, e.objectId);
  else if (e.objectType === 'answer') {
    const a = await answerData(ctx, e.objectId);
    question = (a?.question as Data | null) ?? null;
    url = String((a?.answer as Data | undefined)?.url ?? '');
  } else {
    const c = await commentData(ctx, e.objectId);
    question = (c?.question as Data | null) ?? null;
    url = String((c?.comment as Data | undefined)?.url ?? '');
  }
  if (!question) return null;
  // who flagged it and what they wrote stay on the site: the review queue shows them to moderators
  return { report: { id: e.reportId, object_id: e.objectId, object_type: e.objectType, url: url || question.url }, question };
}

/** The event's name for hooks and the public data it carries; null when nothing public is there to send. */
export async function payloadOf(ctx: AppContext, e: DomainEvent): Promise<{ type: WebhookEvent; data: Data } | null> {
  const wrap = (type: WebhookEvent, data: Data | null) => (data ? { type, data } : null);
  switch (e.type) {
    case 'question.created': {
      const q = await questionData(ctx, e.questionId);
      return wrap('question.created', q && { question: q });
    }
    case 'answer.created':
      return wrap('answer.created', await answerData(ctx, e.answerId));
    case 'answer.accepted': {
      const a = await answerData(ctx, e.answerId);
      return wrap('answer.accepted', a && { ...a, accepted_by: await userOf(ctx, e.byUserId) });
    }
    case 'comment.created':
      return wrap('comment.created', await commentData(ctx, e.commentId));
    case 'user.registered': {
      const u = await findUserById(ctx.db, e.userId);
      const who = await userOf(ctx, e.userId);
      return wrap('user.registered', u && who ? { user: { ...who, created_at: u.created_at } } : null);
    }
    case 'report.created':
      return wrap('report.created', await flaggedData(ctx, e));
    default:
      return null;
  }
}
