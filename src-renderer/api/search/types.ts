import type { TagBrief } from '../types';

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

/** The author of a result (SearchObjectUser). */
export interface SearchUser {
  id: string;
  username: string;
  display_name: string;
  rank: number;
  status: string;
}

/** One result of GET search. */
export interface SearchResult {
  object_type: 'question' | 'answer';
  object: {
    id: string;
    question_id: string;
    title: string;
    url_title: string;
    excerpt: string;
    created_at: number;
    user_info: SearchUser | null;
    tags: TagBrief[];
    vote_count: number;
    answer_count: number;
    accepted: boolean;
    /** available | closed | deleted | pending */
    status: string;
  };
}

/** GET tag (the header of a tag-only search). */
export interface SearchTagInfo {
  tag_id: string;
  slug_name: string;
  display_name: string;
  excerpt: string;
  description: string;
  question_count: number;
  follow_count: number;
  main_tag_slug_name: string;
  status: string;
}
