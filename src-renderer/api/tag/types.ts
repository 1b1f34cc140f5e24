import type { BodyOf } from '../../../server/contract/endpoints';
/** The response shapes live in the API contract, which the server's presenters use too. */
export type { FollowingTag, TagBasic, TagDetail, TagItem, TagSynonym, TagSynonyms } from '../../../server/contract/api/tag';

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

/** The fields of the create and edit tag forms. */
export interface TagFields {
  display_name: string;
  slug_name: string;
  original_text: string;
  edit_summary?: string;
}

/** PUT tag's body (the endpoint map's). */
export type TagUpdateInput = BodyOf<'PUT /answer/api/v1/tag'>;

/** GET permission?action=...: one entry per action asked (the contract's). */
export type { Permissions } from '../../../server/contract/api/user';

/** An item of GET revisions for a tag (the contract's). */
export type { TagRevision } from '../../../server/contract/api/revision';
