/** The two scopes of Answer's API keys: read-only keys make GET requests only (the list: limits.ts API_KEY_SCOPES). */
export type ApiKeyScope = 'read-only' | 'global';

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
