import type { MemberAction } from './common.js';

/** An item of GET tags/page (GetTagPageResp). */
export interface TagItem {
  tag_id: string;
  slug_name: string;
  display_name: string;
  /** First line of the rendered description (HTML). */
  excerpt: string;
  /** Plain-text excerpt of the description (up to 240 characters). */
  description: string;
  original_text: string;
  parsed_text: string;
  follow_count: number;
  question_count: number;
  is_follower: boolean;
  created_at: number;
  updated_at: number;
  recommend: boolean;
  reserved: boolean;
}

/** GET tag (GetTagResp). */
export interface TagDetail extends TagItem {
  status: 'available' | 'deleted';
  member_actions: MemberAction[];
  /** Set when the asked name was a synonym: the main tag's slug. */
  main_tag_slug_name: string;
}

/** GetTagBasicResp: an item of GET question/tags (the tag picker) and of GET tags. */
export interface TagBasic {
  tag_id: string;
  slug_name: string;
  display_name: string;
  recommend: boolean;
  reserved: boolean;
}

/** GetFollowingTagsResp: an item of GET tags/following. */
export interface FollowingTag extends TagBasic {
  main_tag_slug_name: string;
}

/** A synonym of a tag (TagSynonym). */
export interface TagSynonym {
  tag_id: string;
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
}

/** GET tag/synonyms. */
export interface TagSynonyms {
  synonyms: TagSynonym[];
  member_actions: MemberAction[];
}
