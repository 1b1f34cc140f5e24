import type { MemberAction } from '../types';

/** Orders of GET tags/page (query_cond), shown as tabs. */
export const TAG_ORDERS = ['popular', 'name', 'newest'] as const;
/** One of them. */
export type TagOrder = (typeof TAG_ORDERS)[number];

/** Query of GET tags/page. */
export interface TagPageParams {
  page: number;
  page_size: number;
  query_cond: TagOrder;
  slug_name?: string;
}

/** An item of GET tags/page. */
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

/** GET tag. */
export interface TagDetail extends TagItem {
  status: 'available' | 'deleted';
  member_actions: MemberAction[];
  /** Set when the asked name was a synonym: the main tag's slug. */
  main_tag_slug_name: string;
}

/** A synonym of a tag. */
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

/** The fields of the create and edit tag forms. */
export interface TagFields {
  display_name: string;
  slug_name: string;
  original_text: string;
  edit_summary?: string;
}

/** Body of PUT tag. */
export interface TagUpdateInput {
  tag_id: string;
  display_name: string;
  slug_name: string;
  original_text: string;
  edit_summary?: string;
}

/** GET permission?action=...: one entry per action asked. */
export type Permissions = Record<string, { has_permission: boolean; no_permission_tip: string }>;

/** An item of GET revisions (only what the tag screens read). */
export interface TagRevision {
  id: string;
  create_at: number;
  reason: string;
  user_info: { id: string; username: string; display_name: string; avatar: string; rank: number; status: string } | null;
}
