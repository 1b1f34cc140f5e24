import sanitizeHtml from 'sanitize-html';
import { isHttpUrl } from '../../http/fields.js';
import { renderMarkdown } from '../../infra/markdown/render.js';
import type { AppContext } from '../../app-context.js';
import type { NotificationChannelConfig, NotificationConfig } from '../../contract/api/user.js';
import { isLanguage } from '../../contract/languages.js';
import { fieldError } from '../../http/errors.js';
import type { SessionUser } from '../session/session.service.js';
import { checkCaptcha } from './account.service.js';
import { isValidUsername } from './user.accounts.js';
import { findNotificationConfigs, findUserByUsername, updateUser, upsertNotificationConfig } from './user.repository.js';
import type { UpdateInfoInput } from './user.schema.js';
import { isStaff } from '../permission/policy.js';
import { relativeUploadRefs, relativeUploadUrl } from '../upload/upload-url.js';

/** Bio HTML: the post renderer, then only p, br, strong, em, b, i, code and http(s) links survive. */
export async function renderBio(bio: string): Promise<string> {
  return sanitizeHtml(await renderMarkdown(bio), {
    allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'code', 'a'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
  }).trim();
}

/** PUT user/info: fields whose allow_update_* flag is off keep their old value. */
export async function updateInfo(ctx: AppContext, session: SessionUser, input: UpdateInfoInput): Promise<void> {
  const allow = await ctx.settings.get('users');
  const user = session.user;
  const patch: Parameters<typeof updateUser>[2] = { updated_at: ctx.clock.now() };
  if (allow.allow_update_display_name) patch.display_name = input.display_name;
  if (allow.allow_update_username && input.username !== undefined && input.username !== user.username) {
    const staff = isStaff(session);
    const wellFormed = /^[a-z0-9._-]{2,30}$/.test(input.username);
    if (!wellFormed || (!staff && !isValidUsername(input.username))) throw fieldError('error.user.username_invalid', 'username');
    if (await findUserByUsername(ctx.db, input.username)) throw fieldError('error.user.username_duplicate', 'username');
    patch.username = input.username;
  }
  if (allow.allow_update_website) {
    if (input.website && !isHttpUrl(input.website)) throw fieldError('error.common.invalid_url', 'website');
    patch.website = input.website;
  }
  if (allow.allow_update_location) patch.location = input.location;
  if (allow.allow_update_bio) {
    patch.bio = await relativeUploadRefs(ctx, input.bio);
    patch.bio_html = await renderBio(patch.bio);
  }
  if (allow.allow_update_avatar && input.avatar) {
    const custom = input.avatar.custom;
    if (input.avatar.type === 'custom' && custom && !custom.startsWith('/') && !isHttpUrl(custom))
      throw fieldError('error.common.invalid_url', 'avatar');
    patch.avatar = JSON.stringify({ ...input.avatar, custom: await relativeUploadUrl(ctx, custom) });
  }
  await updateUser(ctx.db, user.id, patch);
  ctx.events.emit({ type: 'user.profile_updated', userId: user.id });
}

/** PUT user/interface. */
export async function updateInterface(
  ctx: AppContext,
  session: SessionUser,
  input: { language: string; color_scheme: string },
): Promise<void> {
  if (input.language !== 'Default' && !isLanguage(input.language)) throw fieldError('error.lang.not_found', 'language');
  await updateUser(ctx.db, session.user.id, { language: input.language, color_scheme: input.color_scheme, updated_at: ctx.clock.now() });
  ctx.events.emit({ type: 'user.changed', userId: session.user.id, change: 'interface', byUserId: session.user.id });
}

/** PUT user/password: checks the old one and ends the user's other sessions. */
export async function modifyPassword(
  ctx: AppContext,
  session: SessionUser,
  input: { old_pass: string; pass: string; captcha_id?: string; captcha_code?: string },
): Promise<void> {
  const staff = isStaff(session);
  await checkCaptcha(ctx, 'edit_userinfo', String(session.user.id), staff, input);
  const user = session.user;
  if (user.pass) {
    // a session alone must not become a way to guess the password: the check counts like a login's
    const guesses = `password-check:user:${user.id}`;
    await ctx.limits.reserve([guesses, ctx.limits.limits.loginPerAccountAddress]);
    if (!(await ctx.passwords.verify(input.old_pass, user.pass)).ok) {
      await ctx.captcha.count('edit_userinfo', String(user.id));
      throw fieldError('error.object.old_password_verification_failed', 'old_pass');
    }
    await ctx.limits.clear(guesses);
    if (input.old_pass === input.pass) throw fieldError('error.object.new_password_same_as_previous_setting', 'pass');
  }
  await updateUser(ctx.db, user.id, { pass: await ctx.passwords.hash(input.pass), updated_at: ctx.clock.now() });
  await ctx.sessions.revokeAll(user.id, ctx.db, session.tokenHash);
  ctx.events.emit({ type: 'user.changed', userId: user.id, change: 'password', byUserId: user.id });
}

/** The notification sources, in the order GET user/notification/config lists them. */
const SOURCES = [
  'inbox',
  'all_new_question',
  'all_new_question_for_following_tags',
] as const satisfies readonly (keyof NotificationConfig)[];
type Source = (typeof SOURCES)[number];
const DEFAULT_ON: Record<Source, boolean> = { inbox: true, all_new_question: false, all_new_question_for_following_tags: false };

/** GET user/notification/config: each source's email channel (its default until the user saves one). */
export async function notificationConfig(ctx: AppContext, userId: number): Promise<NotificationConfig> {
  const rows = new Map((await findNotificationConfigs(ctx.db, userId)).map((r) => [r.source, r]));
  const channel = (source: Source): NotificationChannelConfig => {
    const row = rows.get(source);
    if (!row) return { key: 'email', enable: DEFAULT_ON[source] };
    try {
      const channels = JSON.parse(row.channels) as { key: string; enable: boolean }[];
      return { key: 'email', enable: row.enabled === 1 && channels.some((c) => c.key === 'email' && c.enable) };
    } catch {
      return { key: 'email', enable: false };
    }
  };
  return {
    inbox: channel('inbox'),
    all_new_question: channel('all_new_question'),
    all_new_question_for_following_tags: channel('all_new_question_for_following_tags'),
  };
}

/** PUT user/notification/config: only the sources sent change. */
export async function updateNotificationConfig(
  ctx: AppContext,
  userId: number,
  input: Partial<Record<Source, { key: string; enable: boolean }>>,
): Promise<void> {
  for (const source of SOURCES) {
    const c = input[source];
    if (c) await upsertNotificationConfig(ctx.db, userId, source, [{ key: 'email', enable: c.enable }], c.enable);
  }
}
