/** A page of a list call. */
export interface Page<T> {
  count: number;
  list: T[];
}

/** A user as posts show them (UserBasicInfo). */
export interface UserBrief {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  status: string;
}

/** A tag as posts carry it. */
export interface TagBrief {
  slug_name: string;
  display_name: string;
  main_tag_slug_name?: string;
  recommend: boolean;
  reserved: boolean;
}

/** An action the viewer may take on a post (member_actions). */
export interface MemberAction {
  action: string;
  name: string;
  type: string;
}

/** How the viewer voted on a post. */
export type VoteStatus = '' | 'vote_up' | 'vote_down';
