import { useQuery } from '@tanstack/react-query';
import { ADMIN, api, V1 } from '../client';
import { apiKeyKeys, type ApiKeyOwner } from './keys';

/** The base path of an owner's key routes (Answer's admin routes, or the member's own). */
export const apiKeyBase = (owner: ApiKeyOwner) => (owner === 'admin' ? `${ADMIN}/api-key` : `${V1}/personal/api-key`);

/** GET api-key/all: the owner's keys, masked. */
export function useApiKeys(owner: ApiKeyOwner) {
  return useQuery({
    queryKey: apiKeyKeys.list(owner),
    queryFn: () => api.get(`${apiKeyBase(owner)}/all`),
  });
}
