/** Whose keys a screen manages: Admin → API keys, or the member's own (settings). */
export type ApiKeyOwner = 'admin' | 'personal';

/** Query keys of API keys. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (owner: ApiKeyOwner) => [...apiKeyKeys.all, owner] as const,
};
