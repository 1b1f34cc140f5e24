import type { TagDetail } from '../../../server/contract/api/tag';

/** The response shapes live in the API contract, which the server's presenters use too. */
export type { SearchResult, SearchUser } from '../../../server/contract/api/search';

/** Orders of GET search, as the tabs show them. */
export const SEARCH_ORDERS = ['active', 'newest', 'relevance', 'score'] as const;
/** One of them. */
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** Query of GET search. */
export interface SearchParams {
  q: string;
  order: SearchOrder;
  page: number;
  size: number;
}

/** GET tag (the header of a tag-only search): the fields of the contract's TagDetail it shows. */
export type SearchTagInfo = Pick<
  TagDetail,
  'tag_id' | 'slug_name' | 'display_name' | 'excerpt' | 'description' | 'question_count' | 'follow_count' | 'main_tag_slug_name' | 'status'
>;
