import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AppContext } from '../../app-context.js';
import { MAIL_STATUS } from '../../contract/limits.js';
import { USER_STATUS } from '../../contract/enums.js';
import { translate } from '../../contract/messages/index.js';
import type { ApiKeyCaller } from '../../http/api-key-caller.js';
import { isSuspended } from '../../http/auth.js';
import { AppError, forbidden, inactiveError, suspendedError, unauthorized } from '../../http/errors.js';
import type { SessionUser } from '../../http/session-user.js';
import { parseInput } from '../../http/validate.js';
import { addAnswer, answerPage } from '../answer/answer.service.js';
import { addAnswerSchema, answerPageQuery } from '../answer/answer.schema.js';
import { addComment, commentPage } from '../comment/comment.service.js';
import { addCommentSchema, commentPageQuery } from '../comment/comment.schema.js';
import { questionInfo } from '../question/question.read.js';
import { addQuestionSchema } from '../question/question.schema.js';
import { addQuestion } from '../question/question.write.js';
import { searchQuery } from '../search/search.schema.js';
import { prepareSearch } from '../search/search.service.js';
import { tagInfoQuery, tagPageQuery } from '../tag/tag.schema.js';
import { tagInfo, tagPage } from '../tag/tag.service.js';
import { presentUserBasic } from '../user/user.presenter.js';
import { findUserByUsername } from '../user/user-common.service.js';
import {
  addCommentArgs,
  askQuestionArgs,
  getAnswersArgs,
  getCommentsArgs,
  getQuestionsArgs,
  MCP_PAGE,
  postAnswerArgs,
  searchArgs,
  tagNameArgs,
  usernameArgs,
} from './mcp.schema.js';

/** Who a tool call acts as: the API key of the HTTP request that carried it, and its owner's session. */
export interface McpCaller {
  apiKey: ApiKeyCaller;
  session: SessionUser;
}

/** The tools every key gets (Answer's six, then Lantern's search). */
export const READ_TOOLS = [
  'get_questions',
  'get_answers_by_question_id',
  'get_comments',
  'get_tags',
  'get_tag_detail',
  'get_user',
  'search',
] as const;
/** The tools only a global key gets: they act as the key's owner. */
export const WRITE_TOOLS = ['ask_question', 'post_answer', 'add_comment'] as const;

type Extra = { authInfo?: { extra?: Record<string, unknown> } };

/** The caller of the request a tool call came in (set by the route on req.auth); refused without one. */
function callerOf(extra: Extra): McpCaller {
  const c = extra.authInfo?.extra?.caller as McpCaller | undefined;
  if (!c) throw unauthorized();
  return c;
}

/**
 * The checks auth(ctx, level) makes for the HTTP routes, on the key's owner as it is now: reads
 * as the 'optional' level (in private mode only a verified member reads), writes as 'active'
 * (verified, not suspended) and only with a global key.
 */
async function checkAccess(ctx: AppContext, c: McpCaller, write: boolean): Promise<void> {
  const u = c.session.user;
  if (u.status === USER_STATUS.deleted) throw unauthorized();
  if (write) {
    if (c.apiKey.scope !== 'global') throw forbidden('error.mcp.read_only_key');
    if (u.mail_status !== MAIL_STATUS.verified) throw inactiveError();
    if (isSuspended(c.session, ctx.clock.now())) throw suspendedError();
  } else if ((await ctx.settings.get('login')).login_required && u.mail_status !== MAIL_STATUS.verified) {
    throw inactiveError();
  }
}

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
const json = (v: unknown): CallToolResult => text(JSON.stringify(v));

/** An error of a service as a tool error: Answer's message (and each field's) in English. */
function errorResult(err: AppError): CallToolResult {
  const fields = err.fields.map((f) => `${f.field}: ${translate('en_US', f.key, { label: f.field, ...(f.params ?? {}) })}`);
  const message = [translate('en_US', err.reason, err.params), ...fields].join('\n');
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** The site's URL without a trailing slash (links in results). */
async function siteUrl(ctx: AppContext): Promise<string> {
  return (await ctx.settings.get('general')).site_url.replace(/\/+$/, '');
}

/** Runs a tool body as the caller; a refusal or a bad argument is a tool error, anything else propagates. */
function tool<A>(ctx: AppContext, write: boolean, body: (args: A, c: McpCaller) => Promise<CallToolResult>) {
  return async (args: A, extra: Extra): Promise<CallToolResult> => {
    try {
      const c = callerOf(extra);
      await checkAccess(ctx, c, write);
      return await body(args, c);
    } catch (err) {
      if (err instanceof AppError) return errorResult(err);
      // as the HTTP error handler: logged, and answered without its details
      ctx.logger.error({ err }, 'MCP tool failed');
      return errorResult(new AppError(500, 'base.unknown'));
    }
  };
}

/** Answer's get_questions query: keyword, user:, score:, [tag]s, only questions. */
function questionQuery(a: { keyword?: string; username?: string; tag?: string; score?: string | number }): string {
  const parts = [a.keyword?.trim() ?? ''];
  if (a.username?.trim()) parts.push(`user:${a.username.trim()}`);
  const score = Number(a.score);
  if (a.score !== undefined && Number.isFinite(score) && score > 0) parts.push(`score:${Math.floor(score)}`);
  for (const t of (a.tag ?? '').split(/[;,]/)) if (t.trim()) parts.push(`[${t.trim()}]`);
  parts.push('is:question');
  return parts.filter(Boolean).join(' ');
}

/** A question the caller may not see answers nothing, as Answer's tools do for a hidden question. */
async function visibleQuestion(ctx: AppContext, c: McpCaller, id: string): Promise<boolean> {
  try {
    await questionInfo(ctx, c.session, id, false);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return false;
    throw err;
  }
}

/**
 * One MCP server with the tools a key may use: Answer's six read tools and Lantern's search for
 * every key, ask_question, post_answer and add_comment for a global key. Each call runs Lantern's
 * services as the key's owner (the caller of the HTTP request that carried it), so visibility,
 * private mode, permissions, captchas and rate limits are those of the HTTP API.
 */
export function createMcpServer(ctx: AppContext, scope: ApiKeyCaller['scope'], version: string): McpServer {
  const server = new McpServer({ name: 'lantern', version }, { capabilities: { tools: {} } });

  server.registerTool(
    'get_questions',
    {
      description:
        'Searching for questions that already existed in the system. After the search, you can use the get_answers_by_question_id tool to get answers for the questions.',
      inputSchema: getQuestionsArgs,
    },
    tool(ctx, false, async (a, c) => {
      const q = parseInput(searchQuery, { q: questionQuery(a), order: 'newest', page: 1, size: MCP_PAGE.questions });
      const found = await (await prepareSearch(ctx, c.session, '', q)).run();
      const site = await siteUrl(ctx);
      return json(
        found.list.map((r) => ({
          question_id: r.object.question_id,
          title: r.object.title,
          content: r.object.excerpt,
          link: `${site}/questions/${r.object.question_id}`,
        })),
      );
    }),
  );

  server.registerTool(
    'get_answers_by_question_id',
    {
      description: 'Search for all answers corresponding to the question ID. The question ID is provided by get_questions tool.',
      inputSchema: getAnswersArgs,
    },
    tool(ctx, false, async (a, c) => {
      const id = a.question_id?.trim() ?? '';
      if (!id || !(await visibleQuestion(ctx, c, id))) return text('[]');
      const q = parseInput(answerPageQuery, { question_id: id, order: 'default', page: 1, page_size: MCP_PAGE.answers });
      const { list } = await answerPage(ctx, c.session, q);
      const site = await siteUrl(ctx);
      // the answers the HTTP list shows this member (their own pending ones, deleted ones to staff)
      return json(
        list.map((x) => ({
          question_id: x.question_id,
          answer_id: x.id,
          answer_content: x.content,
          link: `${site}/questions/${x.question_id}/${x.id}`,
        })),
      );
    }),
  );

  server.registerTool(
    'get_comments',
    { description: 'Searching for comments that already existed in the system', inputSchema: getCommentsArgs },
    tool(ctx, false, async (a, c) => {
      const id = a.object_id?.trim() ?? '';
      if (!id) return text('No comments found.');
      let page;
      try {
        page = await commentPage(ctx, c.session, parseInput(commentPageQuery, { object_id: id, page: 1, page_size: MCP_PAGE.comments }));
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return text('No comments found.');
        throw err;
      }
      if (page.list.length === 0) return text('No comments found.');
      const site = await siteUrl(ctx);
      return json(
        page.list.map((x) => ({
          comment_id: x.comment_id,
          content: x.original_text,
          object_id: x.object_id,
          link: `${site}/comments/${x.comment_id}`,
        })),
      );
    }),
  );

  server.registerTool(
    'get_tags',
    { description: 'Searching for tags that already existed in the system', inputSchema: tagNameArgs },
    tool(ctx, false, async (a, c) => {
      // the tags page's filter: the name within a tag's slug or display name (Answer's display name LIKE)
      const q = parseInput(tagPageQuery, { page: 1, page_size: MCP_PAGE.tags, slug_name: a.tag_name?.trim() ?? '', query_cond: 'newest' });
      const { list } = await tagPage(ctx, c.session, q);
      if (list.length === 0) return text('No tags found.\n');
      const site = await siteUrl(ctx);
      return json(
        list.map((t) => ({
          tag_name: t.slug_name,
          display_name: t.display_name,
          description: t.original_text,
          link: `${site}/tags/${t.slug_name}`,
        })),
      );
    }),
  );

  server.registerTool(
    'get_tag_detail',
    { description: 'Get detailed information about a specific tag', inputSchema: tagNameArgs },
    tool(ctx, false, async (a, c) => {
      const name = a.tag_name?.trim() ?? '';
      if (!name) return text('Tag not found.');
      let t;
      try {
        t = await tagInfo(ctx, c.session, parseInput(tagInfoQuery, { name }));
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return text('Tag not found.');
        throw err;
      }
      const site = await siteUrl(ctx);
      return json({
        tag_name: t.slug_name,
        display_name: t.display_name,
        description: t.original_text,
        link: `${site}/tags/${t.slug_name}`,
      });
    }),
  );

  server.registerTool(
    'get_user',
    { description: 'Searching for users that already existed in the system', inputSchema: usernameArgs },
    tool(ctx, false, async (a) => {
      const name = a.username?.trim() ?? '';
      const user = name ? await findUserByUsername(ctx.db, name) : undefined;
      if (!user || user.status === USER_STATUS.deleted) return text('User not found.');
      const basic = presentUserBasic(user, await ctx.settings.get('users'));
      const site = await siteUrl(ctx);
      return json({
        username: basic.username,
        display_name: basic.display_name,
        avatar: basic.avatar,
        link: `${site}/users/${basic.username}`,
      });
    }),
  );

  server.registerTool(
    'search',
    {
      description:
        "Search questions and answers with the site's relevance search and its syntax. Returns the total count and one page of results " +
        '(object_type question or answer, ids, title, an excerpt around the match, votes, answers, tags, author, link).',
      inputSchema: searchArgs,
    },
    tool(ctx, false, async (a, c) => {
      const q = parseInput(searchQuery, {
        q: a.query,
        order: a.order ?? 'relevance',
        page: a.page ?? 1,
        size: Math.min(a.size ?? 10, MCP_PAGE.search),
      });
      const found = await (await prepareSearch(ctx, c.session, '', q)).run();
      const site = await siteUrl(ctx);
      return json({
        count: found.count,
        list: found.list.map((r) => ({
          object_type: r.object_type,
          id: r.object.id,
          question_id: r.object.question_id,
          title: r.object.title,
          excerpt: r.object.excerpt,
          vote_count: r.object.vote_count,
          answer_count: r.object.answer_count,
          accepted: r.object.accepted,
          tags: r.object.tags.map((t) => t.slug_name),
          author: r.object.user_info?.username ?? '',
          created_at: r.object.created_at,
          link:
            r.object_type === 'answer'
              ? `${site}/questions/${r.object.question_id}/${r.object.id}`
              : `${site}/questions/${r.object.question_id}`,
        })),
      });
    }),
  );

  if (scope !== 'global') return server;

  server.registerTool(
    'ask_question',
    {
      description:
        'Ask a new question as the owner of the API key (a global key). The same rules as the site apply: title and body length, tags, permissions, rate limits.',
      inputSchema: askQuestionArgs,
    },
    tool(ctx, true, async (a, c) => {
      const input = parseInput(addQuestionSchema, { title: a.title, content: a.content, tags: a.tags.map((slug_name) => ({ slug_name })) });
      const q = await addQuestion(ctx, c.session, input);
      const site = await siteUrl(ctx);
      return json({ question_id: q.id, link: `${site}/questions/${q.id}` });
    }),
  );

  server.registerTool(
    'post_answer',
    {
      description: 'Answer a question as the owner of the API key (a global key). The same rules as the site apply.',
      inputSchema: postAnswerArgs,
    },
    tool(ctx, true, async (a, c) => {
      const input = parseInput(addAnswerSchema, { question_id: a.question_id, content: a.content });
      const { info: answer } = await addAnswer(ctx, c.session, input);
      const site = await siteUrl(ctx);
      return json({ question_id: answer.question_id, answer_id: answer.id, link: `${site}/questions/${answer.question_id}/${answer.id}` });
    }),
  );

  server.registerTool(
    'add_comment',
    {
      description: 'Comment on a question or an answer as the owner of the API key (a global key). The same rules as the site apply.',
      inputSchema: addCommentArgs,
    },
    tool(ctx, true, async (a, c) => {
      const input = parseInput(addCommentSchema, {
        object_id: a.object_id,
        original_text: a.content,
        reply_comment_id: a.reply_comment_id,
      });
      const { comment } = await addComment(ctx, c.session, input);
      const site = await siteUrl(ctx);
      return json({ comment_id: comment.comment_id, object_id: comment.object_id, link: `${site}/comments/${comment.comment_id}` });
    }),
  );

  return server;
}
