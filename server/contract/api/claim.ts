/** GET user/claim: the imported account a claim link takes over. */
export interface ClaimInfo {
  username: string;
  display_name: string;
  rank: number;
  question_count: number;
  answer_count: number;
  /** The site the account was imported from. */
  site: string;
  /** When the link stops working (unix seconds). */
  expires_at: number;
}

/** POST admin user/claim: a fresh one-time link (the previous one stops working). */
export interface ClaimLink {
  claim_url: string;
  expires_at: number;
  mailed: boolean;
}
