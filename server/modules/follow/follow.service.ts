import type { AppContext } from '../../app-context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { mayFollowQuestion, mayFollowUser } from '../permission/policy.js';
import type { SessionUser } from '../session/session.service.js';
import { tagSlug } from '../../contract/requests/tag.js';
import { findUserById } from '../user/user-common.service.js';
import * as repo from './follow.repository.js';
import type { FollowInput } from './follow.schema.js';
import { ACTIVITY_TYPE, TAG_STATUS, USER_STATUS } from '../../contract/enums.js';
import { availableTagsBySlugs, findQuestion, findTag } from '../post/post.repository.js';

/** Something that can be followed: where its follower count lives and which activity type stores it. */
interface Followable {
  table: 'question' | 'tag' | 'user';
  id: string;
  type: number;
}

/**
 * Resolves a followed object: a question or tag id (long or short), or a user id. Following needs the
 * object to be visible; cancelling only needs it to exist.
 */
async function followable(ctx: AppContext, session: SessionUser, raw: string, cancelling: boolean): Promise<Followable> {
  const s = raw.trim();
  if (/^\d{1,15}$/.test(s)) {
    const user = await findUserById(ctx.db, Number(s));
    if (!user || (user.status === USER_STATUS.deleted && !cancelling)) throw notFound('error.user.not_found');
    if (!mayFollowUser(session, user.id)) throw badRequest('error.object.disallow_follow');
    return { table: 'user', id: String(user.id), type: ACTIVITY_TYPE['user.follow'] };
  }
  const id = decodeId(s);
  const kind = id ? objectTypeOf(id) : null;
  if (!id || kind === null) throw badRequest('error.object.not_found');
  if (kind === OBJECT_TYPE.question) {
    const q = await findQuestion(ctx.db, id);
    const hidden = !!q && !mayFollowQuestion(session, q);
    if (!q || (hidden && !cancelling)) throw notFound('error.question.not_found');
    return { table: 'question', id, type: ACTIVITY_TYPE['question.follow'] };
  }
  if (kind === OBJECT_TYPE.tag) {
    const t = await findTag(ctx.db, id);
    if (!t || (t.status !== TAG_STATUS.available && !cancelling)) throw notFound('error.tag.not_found');
    return { table: 'tag', id, type: ACTIVITY_TYPE['tag.follow'] };
  }
  throw badRequest('error.object.disallow_follow');
}

/** POST follow: follow or unfollow (idempotent); answers the follower count and the caller's state. */
export async function follow(ctx: AppContext, session: SessionUser, input: FollowInput) {
  const target = await followable(ctx, session, input.object_id, input.is_cancel);
  const now = ctx.clock.now();
  const done = { started: false, stopped: false };
  const follows = await ctx.db.transaction().execute(async (trx) => {
    if (input.is_cancel) done.stopped = await repo.stopFollow(trx, session.user.id, target.id, target.type, now);
    else done.started = await repo.startFollow(trx, session.user.id, target.id, target.type, now);
    const count = await repo.countFollowers(trx, target.id, target.type);
    await repo.storeFollowCount(trx, target.table, target.id, count);
    return count;
  });
  if (done.started) ctx.events.emit({ type: 'user.followed', followerId: session.user.id, objectId: target.id, objectType: target.table });
  if (done.stopped)
    ctx.events.emit({ type: 'user.unfollowed', followerId: session.user.id, objectId: target.id, objectType: target.table });
  return { follows, is_followed: !input.is_cancel };
}

/** PUT follow/tags: the listed tags become the caller's followed tags (unknown slugs are ignored). */
export async function updateFollowTags(ctx: AppContext, session: SessionUser, names: string[]) {
  const slugs = [...new Set(names.map(tagSlug).filter(Boolean))];
  const type = ACTIVITY_TYPE['tag.follow'];
  const uid = session.user.id;
  const now = ctx.clock.now();
  const started: string[] = [];
  const stopped: string[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const wanted = new Set((await availableTagsBySlugs(trx, slugs)).map((t) => t.id));
    const current = new Set(await repo.followedIds(trx, uid, type));
    const touched: string[] = [];
    for (const id of wanted) if (!current.has(id) && (await repo.startFollow(trx, uid, id, type, now))) touched.push(id);
    started.push(...touched);
    for (const id of current) if (!wanted.has(id) && (await repo.stopFollow(trx, uid, id, type, now))) touched.push(id);
    stopped.push(...touched.filter((id) => !started.includes(id)));
    for (const id of touched) await repo.storeFollowCount(trx, 'tag', id, await repo.countFollowers(trx, id, type));
  });
  for (const id of started) ctx.events.emit({ type: 'user.followed', followerId: uid, objectId: id, objectType: 'tag' });
  for (const id of stopped) ctx.events.emit({ type: 'user.unfollowed', followerId: uid, objectId: id, objectType: 'tag' });
  return null;
}
