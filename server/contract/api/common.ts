/**
 * The API's response shapes shared by many resources. server/contract/api/* holds plain types only
 * (no runtime code, no server imports): the server's presenters are annotated with them and the
 * renderer reads them, so a field renamed on one side fails to compile on the other.
 */

/** A page of a list call. */
export interface Page<T> {
  count: number;
  list: T[];
}

/** A user's status as the API names it. */
export type UserStatusName = 'normal' | 'inactive' | 'suspended' | 'deleted';

/** A user as posts show them (UserBasicInfo). */
export interface UserBrief {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  website: string;
  location: string;
  language: string;
  status: UserStatusName;
}

/** A tag as posts carry it. */
export interface TagBrief {
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
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

/** A post's status as the API names it. */
export type PostStatusName = 'available' | 'closed' | 'deleted' | 'pending';
