/** A user of the weekly ranking. */
export interface RankedUser {
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  vote_count: number;
}

/** GET user/ranking. */
export interface UserRanking {
  users_with_the_most_reputation: RankedUser[];
  users_with_the_most_vote: RankedUser[];
  staffs: RankedUser[];
}

/** GET user/staff: a moderator or admin. */
export interface StaffUser {
  username: string;
  display_name: string;
  avatar: string;
}
