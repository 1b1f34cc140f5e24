/** The two scopes of Answer's API keys: read-only keys make GET requests only. */
export const API_KEY_SCOPES = ['read-only', 'global'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Longest description of a key (Answer: lte=150). */
export const API_KEY_DESCRIPTION_MAX = 150;

/** One key as GET api-key/all lists it (Answer's GetAPIKeyResp): the key masked, times in Unix seconds. */
export interface ApiKeyInfo {
  id: number;
  access_key: string;
  description: string;
  scope: ApiKeyScope;
  created_at: number;
  /** 0 until the key is first used */
  last_used_at: number;
}

/** POST api-key's answer (Answer's AddAPIKeyResp): the whole key, shown this once. */
export interface ApiKeyCreated {
  access_key: string;
}
