import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import { badRequest, fieldError, forbidden } from '../../http/errors.js';
import { hashToken } from '../../infra/tokens.js';
import { issueCode, takeCode } from '../user/email-code.js';
import { loginPayload } from '../user/account.service.js';
import { emailDomainAllowed } from '../user/user.accounts.js';
import { linkBase } from '../user/user.mail.js';
import { findUserByEmail, findUserById } from '../user/user-common.service.js';
import { importedReputation } from '../personal/personal-common.service.js';
import * as repo from './claim.repository.js';
import type { ClaimInput, ClaimLinkInput } from './claim.schema.js';
import { parseUserId } from './admin-user.lookup.js';
import { USER_STATUS } from '../../contract/enums.js';

/**
 * Claiming an imported account (issue 15). An imported account has no password and an address
 * under .invalid, so nobody can log in as it. An admin hands its person a one-time link (the
 * e-mail code machinery, action claim, 7 days; a new link replaces the last); on it the person sets
 * an e-mail and a password and is logged in as the account, with its reputation, posts and badges.
 */

/** The link a failed or used code answers with: the page shows "expired or used". */
const expired = () => forbidden('error.claim.link_expired', { type: 'url_expired' });

/** An imported account nobody has claimed yet, or 400 (not found, or not claimable). */
async function claimableUser(ctx: AppContext, rawId: string) {
  const id = parseUserId(rawId);
  const user = id ? await findUserById(ctx.db, id) : undefined;
  if (!user || user.status === USER_STATUS.deleted) throw badRequest('error.user.not_found');
  const imported = (await repo.importedUsers(ctx.db, [user.id])).get(user.id);
  if (!imported?.claimable) throw badRequest('error.claim.not_imported');
  return user;
}

/**
 * POST admin user/claim: a fresh claim link (earlier ones stop working) and when it expires; with
 * e_mail it is also mailed there (the address is not stored: the person chooses theirs on the page).
 */
export async function claimLink(ctx: AppContext, input: ClaimLinkInput, origin: string, lang: LanguageCode) {
  const user = await claimableUser(ctx, input.user_id);
  const now = ctx.clock.now();
  const code = await issueCode(ctx.db, user.id, 'claim', {}, now);
  const url = `${await linkBase(ctx, origin)}/users/claim?code=${code}`;
  const expires_at = (await repo.claimExpiry(ctx.db, user.id, now)) ?? now;
  if (input.e_mail) {
    const site = (await ctx.settings.get('general')).name;
    await ctx.mailer.sendQuietly({
      to: input.e_mail,
      subject: translate(lang, 'mail.claim.subject', { site, name: user.display_name }),
      text: translate(lang, 'mail.claim.body', { site, name: user.display_name, url }),
    });
  }
  return { claim_url: url, expires_at, mailed: Boolean(input.e_mail) };
}

/** GET user/claim: the account a live link claims (name, reputation, where it came from), or 403 url_expired. */
export async function claimInfo(ctx: AppContext, code: string) {
  const now = ctx.clock.now();
  const live = await repo.peekClaimCode(ctx.db, hashToken(code), now);
  const user = live && (await findUserById(ctx.db, live.user_id));
  const imported = user && (await repo.importedUsers(ctx.db, [user.id])).get(user.id);
  if (!live || !user || !imported?.claimable) throw expired();
  const reputation = await importedReputation(ctx.db, user.id);
  return {
    username: user.username,
    display_name: user.display_name,
    rank: user.rank,
    question_count: user.question_count,
    answer_count: user.answer_count,
    site: reputation?.site || imported.site,
    expires_at: live.expires_at,
  };
}

/**
 * POST user/claim: uses the link up, gives the account the e-mail (verified: the admin vouched for
 * the person) and password, and logs the person in as it. The address must be free and allowed as at
 * registration; a used or expired link, or an account claimed meanwhile, answers 403 url_expired.
 */
export async function claim(ctx: AppContext, input: ClaimInput) {
  const login = await ctx.settings.get('login');
  if (!emailDomainAllowed(input.e_mail, login.allow_email_domains ?? []))
    throw fieldError('error.email.illegal_email_domain_error', 'e_mail');
  const now = ctx.clock.now();
  const pass = await ctx.passwords.hash(input.pass);
  let userId = 0;
  const out = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.peekClaimCode(trx, hashToken(input.code), now))) throw expired();
    if (await findUserByEmail(trx, input.e_mail)) throw fieldError('error.email.duplicate', 'e_mail');
    const found = await takeCode(trx, input.code, 'claim', now);
    const user = found && (await findUserById(trx, found.userId));
    const imported = user && (await repo.importedUsers(trx, [user.id])).get(user.id);
    if (!found || !user || !imported?.claimable) throw expired();
    await repo.takeOver(trx, user.id, { e_mail: input.e_mail.toLowerCase(), pass, now });
    await ctx.sessions.revokeAll(user.id, trx);
    userId = user.id;
    return loginPayload(ctx, user.id, trx);
  });
  ctx.events.emit({ type: 'user.changed', userId, change: 'email', byUserId: userId });
  return out;
}
