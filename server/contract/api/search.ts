import type { PostStatusName, TagBrief, UserStatusName } from './common.js';

/** The author of a result (SearchObjectUser). */
export interface SearchUser {
  id: string;
  username: string;
  display_name: string;
  rank: number;
  status: UserStatusName;
}

/** One result of GET search (SearchResult). */
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
    status: PostStatusName;
  };
}
