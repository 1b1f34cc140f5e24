import type { MemberAction } from '../../contract/api/common.js';
import type { FollowingTag, TagBasic, TagDetail, TagItem, TagSynonym } from '../../contract/api/tag.js';
import type { TagRow } from '../../db/tables/content.table.js';
import { htmlToExcerpt } from '../../infra/markdown/render.js';
import type { SiteGroups } from '../siteinfo/siteinfo.defaults.js';
import { TAG_STATUS } from '../../contract/enums.js';

/** A member action as detail endpoints list them. */
export type { MemberAction };

/** The recommend/reserved flags of tags: the tag's own columns or the write settings' lists. */
export interface TagFlagger {
  /** Raw flags, for filtering and ordering. */
  raw(t: Pick<TagRow, 'slug_name' | 'recommend' | 'reserved'>): { recommend: boolean; reserved: boolean };
  /** Flags as the API reports them: recommend only when the site requires a recommended tag. */
  shown(t: Pick<TagRow, 'slug_name' | 'recommend' | 'reserved'>): { recommend: boolean; reserved: boolean };
  recommendedSlugs: string[];
}

/** Builds the flag reader from the write settings. */
export function tagFlagger(write: SiteGroups['write']): TagFlagger {
  const recommended = new Set(write.recommend_tags.map((t) => t.slug_name.toLowerCase()));
  const reserved = new Set(write.reserved_tags.map((t) => t.slug_name.toLowerCase()));
  const raw = (t: Pick<TagRow, 'slug_name' | 'recommend' | 'reserved'>) => ({
    recommend: t.recommend === 1 || recommended.has(t.slug_name),
    reserved: t.reserved === 1 || reserved.has(t.slug_name),
  });
  return {
    raw,
    shown: (t) => {
      const f = raw(t);
      return { recommend: write.required_tag && f.recommend, reserved: f.reserved };
    },
    recommendedSlugs: [...recommended],
  };
}

/** The first line of a tag's HTML description. */
function excerpt(parsed: string): string {
  const text = parsed.trim();
  const cut = text.indexOf('\n');
  return cut >= 0 ? text.slice(0, cut) : text;
}

/** An item of GET tags/page (GetTagPageResp). */
export function presentTagPageItem(t: TagRow, flags: TagFlagger, isFollower: boolean): TagItem {
  return {
    tag_id: t.id,
    slug_name: t.slug_name,
    display_name: t.display_name,
    excerpt: excerpt(t.parsed_text),
    description: htmlToExcerpt(t.parsed_text, 240),
    original_text: t.original_text,
    parsed_text: t.parsed_text,
    follow_count: t.follow_count,
    question_count: t.question_count,
    is_follower: isFollower,
    created_at: t.created_at,
    updated_at: t.updated_at,
    ...flags.shown(t),
  };
}

/** GET tag (GetTagResp). `mainSlug` is set when the asked tag was a synonym. */
export function presentTagDetail(t: TagRow, mainSlug: string, flags: TagFlagger, isFollower: boolean, actions: MemberAction[]): TagDetail {
  return {
    ...presentTagPageItem(t, flags, isFollower),
    status: t.status === TAG_STATUS.deleted ? 'deleted' : 'available',
    member_actions: actions,
    main_tag_slug_name: mainSlug,
  };
}

/** GetTagBasicResp: the tag picker and GET tags. */
export function presentTagBasic(t: TagRow, flags: TagFlagger): TagBasic {
  return { tag_id: t.id, slug_name: t.slug_name, display_name: t.display_name, ...flags.shown(t) };
}

/** GetFollowingTagsResp. */
export function presentFollowingTag(t: TagRow, flags: TagFlagger): FollowingTag {
  return {
    tag_id: t.id,
    slug_name: t.slug_name,
    display_name: t.display_name,
    main_tag_slug_name: t.main_tag_id !== '0' ? t.main_tag_slug_name : '',
    ...flags.shown(t),
  };
}

/** TagSynonym. */
export function presentSynonym(t: TagRow, mainSlug: string): TagSynonym {
  return { tag_id: t.id, slug_name: t.slug_name, display_name: t.display_name, main_tag_slug_name: mainSlug };
}

/** The snapshot a tag revision stores (the audit endpoint applies exactly this shape). */
export function tagRevisionContent(t: {
  id: string;
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
}): string {
  return JSON.stringify({
    id: t.id,
    slug_name: t.slug_name,
    display_name: t.display_name,
    original_text: t.original_text,
    parsed_text: t.parsed_text,
  });
}
