import type { ApiKeyInfo } from '../../contract/api/api-key.js';
import type { ApiKeyRow } from './api-key.repository.js';

/** A listed key as Answer shows it: first 7 characters, eight stars, last 4 (the stored hash never goes out). */
export function presentApiKey(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: Number(row.id),
    access_key: `${row.key_head}${'*'.repeat(8)}${row.key_tail}`,
    description: row.description,
    scope: row.scope === 'global' ? 'global' : 'read-only',
    created_at: Number(row.created_at),
    last_used_at: Number(row.last_used_at),
  };
}
