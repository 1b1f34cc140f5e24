import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import type { TagRow } from '../../db/tables/content.table.js';
import { badRequest, fieldError, forbidden, notFound } from '../../http/errors.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { renderMarkdown } from '../../infra/markdown/render.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { countFollowers, followedAmong, followedIds, moveFollowers, storeFollowCount } from '../follow/follow-common.service.js';
import { readThresholds, requirePermission } from '../permission/permission.service.js';
import {
  MEMBER_ACTION_THRESHOLDS,
  canChangeTagSlug,
  canMergeTags,
  canUndelete,
  editsWithoutReview,
  memberActions,
} from '../permission/policy.js';
import { insertRevision } from '../post-history/post-history-common.service.js';
import type { SessionUser } from '../session/session.service.js';
import {
  presentFollowingTag,
  presentSynonym,
  presentTagBasic,
  presentTagDetail,
  presentTagPageItem,
  tagFlagger,
  tagRevisionContent,
  type TagFlagger,
} from './tag.presenter.js';
import * as repo from './tag.repository.js';
import {
  SLUG_PATTERN,
  type AddTagInput,
  type TagInfoInput,
  type TagItemInput,
  type TagPageInput,
  type UpdateTagInput,
} from './tag.schema.js';
import { createTag, tagSlug } from './tag.usage.js';
import { ACTIVITY_TYPE, TAG_STATUS } from '../../contract/enums.js';
import { relativeUploadFields } from '../upload/upload-url.js';
import { availableTagsBySlugs, findTag } from '../post/post.repository.js';

const TAG_FOLLOW = ACTIVITY_TYPE['tag.follow'];

/** A long tag id from a long or short id, or null when it is not a tag's. */
export function tagIdOf(raw: string | undefined): string | null {
  const id = raw ? decodeId(raw) : null;
  return id && objectTypeOf(id) === OBJECT_TYPE.tag ? id : null;
}

async function flagger(ctx: AppContext): Promise<TagFlagger> {
  return tagFlagger(await ctx.settings.get('write'));
}

/** An available tag by id, or 400 error.tag.not_found as the reference answers on writes. */
async function availableTag(db: DbOrTrx, raw: string): Promise<TagRow> {
  const id = tagIdOf(raw);
  const tag = id ? await findTag(db, id) : undefined;
  if (!tag || tag.status !== TAG_STATUS.available) throw badRequest('error.tag.not_found');
  return tag;
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** GET tags/page: main tags (and a synonym named exactly), by popularity, name or age. */
export async function tagPage(ctx: AppContext, session: SessionUser | undefined, q: TagPageInput) {
  const { count, rows } = await repo.pageTags(ctx.db, q);
  if (count > 0 && rows.length === 0 && q.page > 1) throw notFound('base.request_format_error');
  const flags = await flagger(ctx);
  const followed = session
    ? await followedAmong(
        ctx.db,
        session.user.id,
        TAG_FOLLOW,
        rows.map((r) => r.id),
      )
    : new Set<string>();
  return { count, list: rows.map((r) => presentTagPageItem(r, flags, followed.has(r.id))) };
}

/** GET tags/following: the caller's followed tags (none for visitors). */
export async function followingTags(ctx: AppContext, session: SessionUser | undefined) {
  if (!session) return [];
  const ids = await followedIds(ctx.db, session.user.id, TAG_FOLLOW);
  const rows = (await repo.findTagsByIds(ctx.db, ids))
    .filter((t) => t.status === TAG_STATUS.available)
    .sort((a, b) => a.slug_name.localeCompare(b.slug_name));
  const flags = await flagger(ctx);
  return rows.map((t) => presentFollowingTag(t, flags));
}

/** GET tag: by id or slug; a synonym answers with its main tag; deleted tags only for those who may recover them. */
export async function tagInfo(ctx: AppContext, session: SessionUser | undefined, q: TagInfoInput) {
  const rawId = q.id || q.tag_id;
  const rawName = q.name || q.tag_name;
  const thresholds = await readThresholds(ctx, MEMBER_ACTION_THRESHOLDS.tag);
  const canRecover = canUndelete(session, 'tag', thresholds);
  let tag: TagRow | undefined;
  if (rawId) {
    const id = tagIdOf(rawId);
    tag = id ? await findTag(ctx.db, id) : undefined;
  } else if (rawName) {
    tag = await repo.findTagBySlug(ctx.db, tagSlug(rawName));
  }
  const visible = (t: TagRow | undefined): t is TagRow =>
    !!t && (t.status === TAG_STATUS.available || (t.status === TAG_STATUS.deleted && canRecover));
  if (!visible(tag)) throw notFound('error.tag.not_found');
  let mainSlug = '';
  if (tag.main_tag_id !== '0') {
    const main = await findTag(ctx.db, tag.main_tag_id);
    if (!visible(main)) throw notFound('error.tag.not_found');
    tag = main;
    mainSlug = main.slug_name;
  }
  const [flags, followed] = await Promise.all([
    flagger(ctx),
    session ? followedAmong(ctx.db, session.user.id, TAG_FOLLOW, [tag.id]) : Promise.resolve(new Set<string>()),
  ]);
  const actions = memberActions(session, { kind: 'tag', user_id: tag.user_id, status: tag.status }, thresholds, ctx.clock.now());
  return presentTagDetail(tag, mainSlug, flags, followed.has(tag.id), actions);
}

/** GET tags?tags=a,b: the available tags among the slugs, in the order asked. */
export async function tagsBySlugs(ctx: AppContext, names: string[]) {
  const slugs = unique(names.map(tagSlug).filter(Boolean)).slice(0, 100);
  const rows = await availableTagsBySlugs(ctx.db, slugs);
  const bySlug = new Map(rows.map((t) => [t.slug_name, t]));
  const flags = await flagger(ctx);
  return slugs.flatMap((s) => (bySlug.has(s) ? [presentTagBasic(bySlug.get(s)!, flags)] : []));
}

/** GET question/tags: the tag picker; prefix search, or the recommended tags when empty; synonyms give their main tag. */
export async function searchTags(ctx: AppContext, text: string | undefined) {
  const flags = await flagger(ctx);
  const rows = await repo.searchTagsByPrefix(ctx.db, text ?? '', flags.recommendedSlugs, 200);
  const mainIds = unique(rows.filter((r) => r.main_tag_id !== '0').map((r) => r.main_tag_id));
  const mains = new Map((await repo.findTagsByIds(ctx.db, mainIds)).filter((t) => t.status === TAG_STATUS.available).map((t) => [t.id, t]));
  const seen = new Set<string>();
  const out: TagRow[] = [];
  for (const r of rows) {
    const t = (r.main_tag_id !== '0' && mains.get(r.main_tag_id)) || r;
    if (seen.has(t.slug_name)) continue;
    seen.add(t.slug_name);
    out.push(t);
  }
  const score = (t: TagRow) => {
    const f = flags.raw(t);
    return (f.recommend ? 2 : 0) + (f.reserved ? 1 : 0);
  };
  out.sort((a, b) => score(b) - score(a) || (a.slug_name < b.slug_name ? -1 : a.slug_name > b.slug_name ? 1 : 0));
  return out.map((t) => presentTagBasic(t, flags));
}

/** GET tag/synonyms: the synonyms of the tag's main tag; `edit` when the caller may manage synonyms. */
export async function tagSynonyms(ctx: AppContext, session: SessionUser | undefined, rawId: string) {
  const tag = await availableTag(ctx.db, rawId);
  const mainId = tag.main_tag_id !== '0' ? tag.main_tag_id : tag.id;
  const mainSlug = mainId === tag.id ? tag.slug_name : tag.main_tag_slug_name;
  const synonyms = await repo.synonymsOf(ctx.db, mainId, [1]);
  const thresholds = await readThresholds(ctx, MEMBER_ACTION_THRESHOLDS.tag_synonyms);
  return {
    synonyms: synonyms.map((s) => presentSynonym(s, mainSlug)),
    member_actions: memberActions(session, { kind: 'tag_synonyms' }, thresholds, ctx.clock.now()),
  };
}

const slugCharsError = (field: string) => badRequest('base.request_format_error', [{ field, key: 'validation.tag_slug_chars' }]);

/**
 * PUT tag/synonym: the list becomes the tag's whole set of synonyms. Missing tags are created, deleted
 * ones revived, a listed main tag brings its own synonyms along, and dropped synonyms become main tags.
 */
export async function updateSynonyms(ctx: AppContext, session: SessionUser, input: { tag_id: string; synonym_tag_list: TagItemInput[] }) {
  await requirePermission(ctx, session, 'tag.synonym');
  const now = ctx.clock.now();
  const mainId = await ctx.db.transaction().execute(async (trx) => {
    const main = await availableTag(trx, input.tag_id);
    if (main.main_tag_id !== '0') throw badRequest('error.tag.not_contain_synonym_tags');
    const items = new Map<string, TagItemInput>();
    for (const item of input.synonym_tag_list) {
      const slug = tagSlug(item.slug_name);
      if (slug === main.slug_name) throw badRequest('error.tag.cannot_set_synonym_as_itself');
      if (!items.has(slug)) items.set(slug, item);
    }
    const existing = new Map((await repo.findTagsBySlugs(trx, [...items.keys()])).map((t) => [t.slug_name, t]));
    const wanted: string[] = [];
    for (const [slug, item] of items) {
      const found = existing.get(slug);
      if (!found) {
        if (slug.length > 35 || !SLUG_PATTERN.test(slug)) throw slugCharsError('synonym_tag_list');
        wanted.push(
          await createTag(
            trx,
            { slug_name: slug, display_name: item.display_name || slug, original_text: item.original_text ?? '' },
            session.user.id,
            now,
          ),
        );
        continue;
      }
      if (found.status !== TAG_STATUS.available) await repo.updateTag(trx, found.id, { status: TAG_STATUS.available, now });
      wanted.push(found.id);
      wanted.push(...(await repo.synonymsOf(trx, found.id)).map((s) => s.id));
    }
    const keep = new Set(wanted);
    const dropped = (await repo.synonymsOf(trx, main.id)).filter((s) => !keep.has(s.id)).map((s) => s.id);
    await repo.setMainTag(trx, dropped, '0', '', now);
    await repo.setMainTag(trx, unique(wanted), main.id, main.slug_name, now);
    return main.id;
  });
  ctx.events.emit({ type: 'tag.changed', tagId: mainId, action: 'synonyms', byUserId: session.user.id });
  return null;
}

/** POST tag/merge (staff): the source and its synonyms become synonyms of the target; followers and questions move. */
export async function mergeTags(ctx: AppContext, session: SessionUser, input: { source_tag_id: string; target_tag_id: string }) {
  if (!canMergeTags(session)) throw forbidden();
  const now = ctx.clock.now();
  const targetId = await ctx.db.transaction().execute(async (trx) => {
    const source = await availableTag(trx, input.source_tag_id);
    let target = await availableTag(trx, input.target_tag_id);
    if (target.main_tag_id !== '0') target = await availableTag(trx, target.main_tag_id);
    if (source.id === target.id) throw badRequest('error.tag.cannot_set_synonym_as_itself');
    const synonyms = await repo.synonymsOf(trx, source.id);
    await repo.setMainTag(trx, [source.id, ...synonyms.map((s) => s.id)], target.id, target.slug_name, now);
    await moveFollowers(trx, source.id, target.id, TAG_FOLLOW, now);
    for (const id of [source.id, target.id]) await storeFollowCount(trx, 'tag', id, await countFollowers(trx, id, TAG_FOLLOW));
    await repo.moveTagRels(trx, source.id, target.id, now);
    await repo.recountTags(trx, [source.id, target.id]);
    return target.id;
  });
  ctx.events.emit({ type: 'tag.changed', tagId: targetId, action: 'merged', byUserId: session.user.id });
  return null;
}

/** POST tag: needs tag.add; writes the first revision and the tag.created timeline entry. */
export async function addTag(ctx: AppContext, session: SessionUser, sent: AddTagInput) {
  const input = await relativeUploadFields(ctx, sent, ['original_text']);
  await requirePermission(ctx, session, 'tag.add');
  const now = ctx.clock.now();
  const parsed = input.original_text ? await renderMarkdown(input.original_text, { account: String(session.user.id) }) : '';
  const created = await ctx.db.transaction().execute(async (trx) => {
    if (await repo.findTagBySlug(trx, input.slug_name)) throw fieldError('error.tag.already_exist', 'slug_name');
    const tagId = await createTag(
      trx,
      { slug_name: input.slug_name, display_name: input.display_name, original_text: input.original_text, parsed_text: parsed },
      session.user.id,
      now,
    );
    return { out: { slug_name: input.slug_name }, tagId };
  });
  ctx.events.emit({ type: 'tag.changed', tagId: created.tagId, action: 'created', byUserId: session.user.id });
  return created.out;
}

/**
 * PUT tag. Staff, the tag's creator and holders of tag.edit_without_review edit at once (a status 0
 * revision and a tag.edited timeline entry); other holders of tag.edit leave a suggestion (a status 1
 * revision) for review. A pending suggestion blocks every edit. Only staff change the slug.
 */
export async function updateTag(ctx: AppContext, session: SessionUser, sent: UpdateTagInput) {
  const input = await relativeUploadFields(ctx, sent, ['original_text']);
  const uid = session.user.id;
  const found = await availableTag(ctx.db, input.tag_id);
  const direct = editsWithoutReview(session, 'tag', found.user_id, await readThresholds(ctx, ['tag.edit_without_review']));
  if (!direct) await requirePermission(ctx, session, 'tag.edit');
  const now = ctx.clock.now();
  const done = { edited: false };
  const parsedInput = input.original_text ? await renderMarkdown(input.original_text, { account: String(session.user.id) }) : '';
  const out = await ctx.db.transaction().execute(async (trx) => {
    const tag = await availableTag(trx, input.tag_id);
    if (await repo.pendingRevision(trx, tag.id)) throw badRequest('error.revision.review_underway', [], { err_type: 'toast' });
    const next = {
      slug_name: input.slug_name ?? tag.slug_name,
      display_name: input.display_name ?? tag.display_name,
      original_text: input.original_text ?? tag.original_text,
    };
    const slugChanged = next.slug_name !== tag.slug_name;
    if (slugChanged) {
      if (!canChangeTagSlug(session)) throw forbidden('error.tag.cannot_update');
      if (!SLUG_PATTERN.test(next.slug_name)) throw slugCharsError('slug_name');
      const clash = await repo.findTagBySlug(trx, next.slug_name);
      if (clash && clash.id !== tag.id) throw fieldError('error.tag.already_exist', 'slug_name');
    }
    if (!slugChanged && next.display_name === tag.display_name && next.original_text === tag.original_text)
      return { wait_for_review: false };
    const parsed = next.original_text === tag.original_text ? tag.parsed_text : parsedInput;
    const content = tagRevisionContent({ id: tag.id, ...next, parsed_text: parsed });
    const revisionId = await insertRevision(trx, {
      user_id: uid,
      object_type: OBJECT_TYPE.tag,
      object_id: tag.id,
      title: next.slug_name,
      content,
      log: input.edit_summary ?? '',
      status: direct ? 0 : 1,
      now,
    });
    if (!direct) {
      await repo.setTagRevision(trx, tag.id, revisionId);
      return { wait_for_review: true };
    }
    await repo.updateTag(trx, tag.id, { ...next, parsed_text: parsed, revision_id: revisionId, now });
    if (slugChanged)
      await repo.setMainTag(
        trx,
        (await repo.synonymsOf(trx, tag.id)).map((s) => s.id),
        tag.id,
        next.slug_name,
        now,
      );
    await recordTimeline(trx, { userId: uid, objectId: tag.id, originalObjectId: tag.id, key: 'tag.edited', revisionId, now });
    done.edited = true;
    return { wait_for_review: false };
  });
  if (done.edited)
    ctx.events.emit({ type: 'post.edited', objectId: found.id, objectType: 'tag', editorId: uid, ownerId: found.user_id, questionId: '' });
  if (out.wait_for_review) ctx.events.emit({ type: 'revision.submitted', objectId: found.id, objectType: 'tag', userId: uid });
  return out;
}

/** DELETE tag (tag.delete): refused while questions use it or it has synonyms. */
export async function deleteTag(ctx: AppContext, session: SessionUser, rawId: string) {
  await requirePermission(ctx, session, 'tag.delete');
  const now = ctx.clock.now();
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const id = tagIdOf(rawId);
    const tag = id ? await findTag(trx, id) : undefined;
    if (!tag) throw badRequest('error.tag.not_found');
    if (tag.status === TAG_STATUS.deleted) return undefined;
    if ((await repo.countTagUses(trx, tag.id)) > 0 || (await repo.countSynonyms(trx, tag.id)) > 0)
      throw badRequest('error.tag.is_used_cannot_delete');
    await repo.updateTag(trx, tag.id, { status: TAG_STATUS.deleted, now });
    await recordTimeline(trx, { userId: session.user.id, objectId: tag.id, originalObjectId: tag.id, key: 'tag.deleted', now });
    return tag.id;
  });
  if (deleted) ctx.events.emit({ type: 'tag.changed', tagId: deleted, action: 'deleted', byUserId: session.user.id });
  return null;
}

/** POST tag/recover (tag.undeleted). */
export async function recoverTag(ctx: AppContext, session: SessionUser, rawId: string) {
  await requirePermission(ctx, session, 'tag.undeleted');
  const now = ctx.clock.now();
  const recovered = await ctx.db.transaction().execute(async (trx) => {
    const id = tagIdOf(rawId);
    const tag = id ? await findTag(trx, id) : undefined;
    if (!tag) throw badRequest('error.tag.not_found');
    if (tag.status !== TAG_STATUS.deleted) return undefined;
    await repo.updateTag(trx, tag.id, { status: TAG_STATUS.available, now });
    await recordTimeline(trx, {
      userId: session.user.id,
      triggerUserId: session.user.id,
      objectId: tag.id,
      originalObjectId: tag.id,
      key: 'tag.undeleted',
      now,
    });
    return tag.id;
  });
  if (recovered) ctx.events.emit({ type: 'tag.changed', tagId: recovered, action: 'recovered', byUserId: session.user.id });
  return null;
}
