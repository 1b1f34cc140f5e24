import type { Generated } from 'kysely';

/** api_key: Answer's API keys (admin keys) and members' own keys; only the key's SHA-256 is stored. */
export interface ApiKeyTable {
  id: Generated<number>;
  user_id: number;
  /** 'admin' (Admin → API keys) or 'personal' (a member's settings) */
  kind: string;
  description: string;
  /** 'read-only' or 'global' */
  scope: string;
  /** SHA-256 hex of the whole key */
  key_hash: string;
  /** the key's first 7 and last 4 characters, for the masked display */
  key_head: string;
  key_tail: string;
  created_at: number;
  updated_at: number;
  /** unix seconds, 0 until first used */
  last_used_at: number;
}
