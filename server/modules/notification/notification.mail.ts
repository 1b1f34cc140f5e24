import type { AppContext } from '../../app-context.js';
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import { MAIL_STATUS } from '../../contract/limits.js';
import { htmlToExcerpt, urlTitle } from '../../infra/markdown/render.js';
import { readConfigValue } from '../config/config.repository.js';
import { idOut } from '../../infra/ids/object-id.js';
import { unsubscribeUrl } from '../user/account.service.js';
import { linkBase } from '../user/user.mail.js';
import { notificationConfig } from '../user/profile.service.js';
import * as repo from './notification.repository.js';
import { QUESTION_STATUS, SHOW_STATUS, USER_STATUS } from '../../contract/enums.js';
import { findQuestion } from '../post/post.repository.js';

/** Most questions a weekly digest lists (the reference's 50 new-question mails a week). */
export const DIGEST_LIMIT = 50;
export const WEEK_SECONDS = 7 * 24 * 3600;

type Recipient = Awaited<ReturnType<typeof repo.usersByIds>>[number];

/** Whether an SMTP host is set (without one, notification mails are not written to the outbox). */
async function smtpReady(ctx: AppContext): Promise<boolean> {
  try {
    const cfg = JSON.parse(await readConfigValue(ctx.db, 'email.config', '{}')) as { smtp_host?: unknown };
    return typeof cfg.smtp_host === 'string' && cfg.smtp_host.trim() !== '';
  } catch {
    return false;
  }
}

/** Active accounts with a verified address. */
function mailable(u: Recipient | undefined): u is Recipient {
  return !!u && u.status === USER_STATUS.available && u.mail_status === MAIL_STATUS.verified && u.e_mail.includes('@');
}

/** Whether a config row's channels turn email on. */
function emailOn(channels: string): boolean {
  try {
    const list = JSON.parse(channels) as unknown;
    return Array.isArray(list) && list.some((c: { key?: unknown; enable?: unknown }) => c.key === 'email' && c.enable === true);
  } catch {
    return false;
  }
}

/** The language a user's mail is written in: theirs, else the site's, else English. */
async function mailLanguage(ctx: AppContext, u: Recipient): Promise<LanguageCode> {
  if (isLanguage(u.language)) return u.language;
  const site = (await ctx.settings.get('interface')).language;
  return isLanguage(site) ? site : DEFAULT_LANGUAGE;
}

/** Where links in mails point: the site URL, else the address this server listens on. */
async function base(ctx: AppContext): Promise<string> {
  return linkBase(ctx, `http://${ctx.binding.host.includes(':') ? `[${ctx.binding.host}]` : ctx.binding.host}:${ctx.binding.port}`);
}

/** A question's (or answer's, or comment's) address, following the permalink setting. */
export async function postUrl(
  ctx: AppContext,
  p: { questionId: string; title: string; answerId?: string; commentId?: string },
): Promise<string> {
  const permalink = (await ctx.settings.get('seo')).permalink;
  let url = `${await base(ctx)}/questions/${idOut(p.questionId, permalink)}`;
  if (permalink === 1 || permalink === 3) url += `/${urlTitle(p.title)}`;
  if (p.answerId) url += `/${idOut(p.answerId, permalink)}`;
  if (p.commentId) url += `?commentId=${p.commentId}`;
  return url;
}

/** Sends one mail to a user with the unsubscribe line; quietly (failures are logged). */
async function sendTo(ctx: AppContext, u: Recipient, lang: LanguageCode, subject: string, body: string): Promise<void> {
  const unsubscribe = await unsubscribeUrl(ctx, u.id, await base(ctx));
  await ctx.mailer.sendQuietly({
    to: u.e_mail,
    subject,
    text: `${body}\n\n--\n${translate(lang, 'mail.unsubscribe', { url: unsubscribe })}`,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  });
}

/** The inbox mails: a new answer, a new comment (or reply, mention), an invitation to answer. */
export type InboxMailKind = 'new_answer' | 'new_comment' | 'invited_answer';

/**
 * Mails a user about an inbox notification when their "inbox" email channel is on, their account is
 * active with a verified address and SMTP is configured.
 */
export async function sendInboxMail(
  ctx: AppContext,
  receiverId: number,
  kind: InboxMailKind,
  d: { triggerId: number; title: string; url: string; html?: string },
): Promise<void> {
  if (!(await smtpReady(ctx))) return;
  const [receiver, trigger] = await Promise.all([
    repo.usersByIds(ctx.db, [receiverId]).then((r) => r[0]),
    repo.usersByIds(ctx.db, [d.triggerId]).then((r) => r[0]),
  ]);
  if (!mailable(receiver)) return;
  if (!(await notificationConfig(ctx, receiverId)).inbox.enable) return;
  const lang = await mailLanguage(ctx, receiver);
  const site = (await ctx.settings.get('general')).name;
  const name = trigger ? (trigger.status === USER_STATUS.deleted ? `user${trigger.id}` : trigger.display_name || trigger.username) : '';
  const params = { site, name, title: d.title, url: d.url, summary: d.html ? htmlToExcerpt(d.html) : '' };
  await sendTo(
    ctx,
    receiver,
    lang,
    translate(lang, `mail.notification.${kind}.subject`, params),
    translate(lang, `mail.notification.${kind}.body`, params),
  );
}

/**
 * Mails the followers of a new question's tags who chose "all new questions in my followed tags"
 * (never its author). The "all new questions" choice is served by the weekly digest.
 */
export async function sendNewQuestionMails(ctx: AppContext, questionId: string): Promise<number> {
  const q = await findQuestion(ctx.db, questionId);
  if (!q || q.status !== QUESTION_STATUS.available || q.show !== SHOW_STATUS.shown) return 0;
  if (!(await smtpReady(ctx))) return 0;
  const tags = await repo.questionTagRows(ctx.db, q.id);
  const followers = (
    await repo.followerIds(
      ctx.db,
      tags.map((t) => t.id),
      'tag.follow',
    )
  ).filter((id) => id !== q.user_id);
  const subscribed = (await repo.subscribersOf(ctx.db, 'all_new_question_for_following_tags', followers))
    .filter((s) => emailOn(s.channels))
    .map((s) => s.user_id);
  const users = await repo.usersByIds(ctx.db, subscribed);
  const site = (await ctx.settings.get('general')).name;
  const url = await postUrl(ctx, { questionId: q.id, title: q.title });
  let sent = 0;
  for (const u of users) {
    if (!mailable(u)) continue;
    const lang = await mailLanguage(ctx, u);
    const params = { site, title: q.title, url, tags: tags.map((t) => t.display_name || t.slug_name).join(', ') };
    await sendTo(
      ctx,
      u,
      lang,
      translate(lang, 'mail.notification.new_question.subject', params),
      translate(lang, 'mail.notification.new_question.body', params),
    );
    sent += 1;
  }
  return sent;
}

/**
 * The weekly new-questions mail: to every active user who chose "all new questions", the (at most
 * 50) newest questions of the week before `now` that someone else asked. Returns how many mails went out.
 */
export async function sendWeeklyDigest(ctx: AppContext, now: number): Promise<number> {
  if (!(await smtpReady(ctx))) return 0;
  const questions = await repo.recentQuestions(ctx.db, now - WEEK_SECONDS, now, DIGEST_LIMIT * 2);
  if (questions.length === 0) return 0;
  const subscribed = (await repo.subscribersOf(ctx.db, 'all_new_question')).filter((s) => emailOn(s.channels)).map((s) => s.user_id);
  const users = await repo.usersByIds(ctx.db, subscribed);
  const site = (await ctx.settings.get('general')).name;
  const urls = new Map<string, string>();
  for (const q of questions) urls.set(q.id, await postUrl(ctx, { questionId: q.id, title: q.title }));
  let sent = 0;
  for (const u of users) {
    if (!mailable(u)) continue;
    const mine = questions.filter((q) => q.user_id !== u.id).slice(0, DIGEST_LIMIT);
    if (mine.length === 0) continue;
    const lang = await mailLanguage(ctx, u);
    const list = mine.map((q) => `- ${q.title}\n  ${urls.get(q.id)}`).join('\n');
    await sendTo(
      ctx,
      u,
      lang,
      translate(lang, 'mail.notification.weekly.subject', { site, count: mine.length }),
      translate(lang, 'mail.notification.weekly.body', { site, list }),
    );
    sent += 1;
  }
  return sent;
}

/**
 * Runs the digest when a week has passed since the last one (the time is kept in the database, so a
 * desktop app that restarts often still sends it weekly). The first call only starts the clock.
 * Callers that find it due at once (two checks racing, or the timers of several server processes)
 * claim it with a compare-and-set: one sends, the others send nothing.
 */
export async function runDigestIfDue(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const last = await repo.lastDigestAt(ctx.db);
  if (last === null) {
    await repo.startDigestClock(ctx.db, now);
    return 0;
  }
  if (now - last < WEEK_SECONDS) return 0;
  if (!(await repo.claimDigest(ctx.db, last, now))) return 0;
  return sendWeeklyDigest(ctx, now);
}
