import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findPost, postDeleted, postVisible } from '../comment/comment.service.js';
import type { SessionUser } from '../session/session.service.js';
import { applyReaction, parseReactionSummary, presentReactions, type ReactionSummaryMeta } from './meta.presenter.js';
import * as repo from './meta.repository.js';
import type { UpdateReactionInput } from './meta.schema.js';

async function present(ctx: AppContext, summary: ReactionSummaryMeta, session: SessionUser | undefined, lang: LanguageCode) {
  const usernames = await repo.usernamesById(
    ctx.db,
    summary.reactions.flatMap((r) => r.user_ids.map(Number)),
  );
  return presentReactions(summary, usernames, session?.user.id, (names, count) => translate(lang, 'reaction.tooltip', { names, count }));
}

/** GET meta/reaction: the reactions of a question or answer the viewer may see. */
export async function getReactions(ctx: AppContext, session: SessionUser | undefined, rawId: string, lang: LanguageCode) {
  const post = await findPost(ctx.db, rawId);
  if (!post || !postVisible(post, session)) throw notFound('error.object.not_found');
  const summary = parseReactionSummary(await repo.findMetaValue(ctx.db, post.id, repo.REACTION_META_KEY));
  return present(ctx, summary, session, lang);
}

/** PUT meta/reaction: adds or removes the caller's emoji on a live question or answer. */
export async function updateReaction(ctx: AppContext, session: SessionUser, input: UpdateReactionInput, lang: LanguageCode) {
  const post = await findPost(ctx.db, input.object_id);
  if (!post) throw notFound('error.object.not_found');
  if (postDeleted(post)) throw badRequest('error.object.already_deleted');
  if (!postVisible(post, session)) throw notFound('error.object.not_found');
  const now = ctx.clock.now();
  const summary = await ctx.db.transaction().execute(async (trx) => {
    const current = parseReactionSummary(await repo.findMetaValue(trx, post.id, repo.REACTION_META_KEY));
    const next = applyReaction(current, input.emoji, String(session.user.id), input.reaction === 'activate');
    await repo.upsertMeta(trx, post.id, repo.REACTION_META_KEY, JSON.stringify(next), now);
    return next;
  });
  ctx.events.emit({
    type: 'reaction.changed',
    objectId: post.id,
    objectType: post.type,
    userId: session.user.id,
    emoji: input.emoji,
    active: input.reaction === 'activate',
  });
  return present(ctx, summary, session, lang);
}
