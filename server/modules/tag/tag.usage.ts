import type { TagBrief } from '../../contract/api/common.js';
import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import type { TagRow } from '../../db/tables/content.table.js';
import { AppError, badRequest } from '../../http/errors.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { plainTextHtml, renderMarkdown } from '../../infra/markdown/render.js';
import { checkPermission } from '../permission/permission.service.js';
import { canUseReservedTags } from '../permission/policy.js';
import type { SessionUser } from '../session/session.service.js';
import type { SiteGroups } from '../siteinfo/siteinfo.defaults.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { insertRevision } from '../post-history/post-history-common.service.js';
import { tagRevisionContent } from './tag.presenter.js';
import * as repo from './tag.repository.js';
import { REVISION_STATUS, TAG_REL_STATUS, TAG_STATUS } from '../../contract/enums.js';
import { tagSlug } from '../../contract/requests/tag.js';

/** A tag as posts show it (the API contract's). */
export type { TagBrief };

/** A tag as a post sends it. */
export interface TagInput {
  slug_name: string;
  display_name?: string;
  original_text?: string;
}

/** The slug form of a tag name (beside the tag request schemas that use it). */
export { tagSlug };

/** What tag checks need, read before a transaction opens (SQLite runs one connection). */
export interface TagRules {
  write: SiteGroups['write'];
  tagAdd: { allowed: boolean; needRank: number };
  now: number;
  /** The descriptions of the post's new tags, rendered beforehand: original_text to HTML. */
  descriptions: Map<string, string>;
}

/**
 * Reads the settings and the tag.add permission for resolvePostTags, and renders the descriptions
 * sent with `items` for tags not in the site yet (a render never waits inside the transaction).
 */
export async function tagRules(ctx: AppContext, session: SessionUser, items: TagInput[] = []): Promise<TagRules> {
  const tagAdd = await checkPermission(ctx, session, 'tag.add');
  const descriptions = new Map<string, string>();
  const described = tagAdd.allowed ? items.filter((t) => t.original_text) : [];
  if (described.length) {
    const known = await repo.findTagsBySlugs(ctx.db, [...new Set(described.map((t) => tagSlug(t.slug_name)))]);
    // a deleted tag comes back as it was: only new tags take the description sent
    const present = new Set(known.map((t) => t.slug_name));
    for (const t of described) {
      const text = t.original_text!;
      if (!present.has(tagSlug(t.slug_name)) && !descriptions.has(text))
        descriptions.set(text, await renderMarkdown(text, { account: String(session.user.id) }));
    }
  }
  return { write: await ctx.settings.get('write'), tagAdd, now: ctx.clock.now(), descriptions };
}

/**
 * Resolves a post's tags: known ones (synonyms to their main tag), new ones created when the user
 * may add tags; checks the write settings' reserved and required-recommended rules.
 */
export async function resolvePostTags(trx: DbOrTrx, rules: TagRules, session: SessionUser, items: TagInput[]): Promise<TagRow[]> {
  const slugs = [...new Set(items.map((t) => tagSlug(t.slug_name)).filter(Boolean))];
  if (slugs.length === 0) throw badRequest('base.request_format_error', [{ field: 'tags', key: 'error.tag.not_found' }]);
  const write = rules.write;
  const reserved = new Set(write.reserved_tags.map((t) => t.slug_name.toLowerCase()));
  const usedReserved = slugs.filter((s) => reserved.has(s));
  if (usedReserved.length && !canUseReservedTags(session)) {
    throw badRequest('base.request_format_error', [
      { field: 'tags', key: 'error.tag.reserved_only_staff', params: { names: usedReserved.join(', ') } },
    ]);
  }
  if (write.required_tag && write.recommend_tags.length) {
    const recommended = new Set(write.recommend_tags.map((t) => t.slug_name.toLowerCase()));
    if (!slugs.some((s) => recommended.has(s)))
      throw badRequest('error.tag.recommend_tag_enter', [{ field: 'tags', key: 'error.tag.recommend_tag_enter' }]);
  }
  const found = await repo.findTagsBySlugs(trx, slugs);
  const bySlug = new Map(found.map((t) => [t.slug_name, t]));
  const missing = slugs.filter((s) => !bySlug.has(s) || bySlug.get(s)!.status === TAG_STATUS.deleted);
  if (missing.length) {
    const perm = rules.tagAdd;
    if (!perm.allowed) throw new AppError(403, 'error.rank.no_enough_rank_to_operate', null, [], { rank: perm.needRank });
    const now = rules.now;
    for (const slug of missing) {
      if (slug.length > 35)
        throw badRequest('base.request_format_error', [{ field: 'tags', key: 'validation.max_length', params: { max: 35 } }]);
      const item = items.find((i) => tagSlug(i.slug_name) === slug);
      const existing = bySlug.get(slug);
      if (existing) {
        await repo.updateTag(trx, existing.id, { status: TAG_STATUS.available, now });
        continue;
      }
      const text = item?.original_text ?? '';
      await createTag(
        trx,
        {
          slug_name: slug,
          display_name: (item?.display_name || slug).slice(0, 35),
          original_text: text,
          parsed_text: text ? rules.descriptions.get(text) : '',
        },
        session.user.id,
        now,
      );
    }
  }
  const all = await repo.findTagsBySlugs(trx, slugs);
  const mainIds = [...new Set(all.map((t) => (t.main_tag_id !== '0' ? t.main_tag_id : t.id)))];
  return repo.findTagsByIds(trx, mainIds);
}

/**
 * Creates a tag with its first revision (status 0, the snapshot the audit endpoint reads) and its
 * tag.created timeline entry; returns the new id. `parsed_text` is rendered before the transaction
 * (tagRules, addTag); a description that was not (a tag another request removed meanwhile) is
 * stored as escaped text rather than rendered while the transaction waits.
 */
export async function createTag(
  trx: DbOrTrx,
  t: { slug_name: string; display_name: string; original_text: string; parsed_text?: string },
  userId: number,
  now: number,
): Promise<string> {
  const id = await newObjectId(trx, OBJECT_TYPE.tag);
  const parsed = t.parsed_text ?? (t.original_text ? plainTextHtml(t.original_text) : '');
  await repo.insertTag(trx, {
    id,
    slug_name: t.slug_name,
    display_name: t.display_name,
    original_text: t.original_text,
    parsed_text: parsed,
    user_id: userId,
    now,
  });
  const revisionId = await insertRevision(trx, {
    user_id: userId,
    object_type: OBJECT_TYPE.tag,
    object_id: id,
    title: t.slug_name,
    content: tagRevisionContent({
      id,
      slug_name: t.slug_name,
      display_name: t.display_name,
      original_text: t.original_text,
      parsed_text: parsed,
    }),
    log: '',
    status: REVISION_STATUS.normal,
    now,
  });
  await repo.setTagRevision(trx, id, revisionId);
  await recordTimeline(trx, { userId, objectId: id, originalObjectId: id, key: 'tag.created', revisionId, now });
  return id;
}

/** Sets a question's tags (available when listed, hidden when unlisted) and recounts the tags involved. */
export async function setQuestionTags(
  trx: DbOrTrx,
  questionId: string,
  tagIds: string[],
  status: typeof TAG_REL_STATUS.available | typeof TAG_REL_STATUS.hidden,
  now: number,
): Promise<void> {
  // the counts were exact before (every other change of tag rows recounts): add what changed
  await repo.addToTagCounts(trx, await repo.replaceQuestionTags(trx, questionId, tagIds, status, now));
}

/** The tags of many questions. */
export async function questionTags(db: DbOrTrx, questionIds: string[], requiredTagOn: boolean): Promise<Map<string, TagBrief[]>> {
  const rows = await repo.tagsOfQuestions(db, questionIds);
  const out = new Map<string, TagBrief[]>();
  for (const r of rows) {
    const list = out.get(r.object_id) ?? [];
    list.push({
      slug_name: r.slug_name,
      display_name: r.display_name,
      main_tag_slug_name: r.main_tag_slug_name,
      recommend: requiredTagOn && r.recommend === 1,
      reserved: r.reserved === 1,
    });
    out.set(r.object_id, list);
  }
  return out;
}
