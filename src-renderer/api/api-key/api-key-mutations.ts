import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { apiKeyBase } from './api-keys-query';
import { apiKeyKeys, type ApiKeyOwner } from './keys';
import type { ApiKeyScope } from './types';

function useKeyMutation<I, O>(owner: ApiKeyOwner, send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.list(owner) }),
  });
}

/** POST api-key: a new key, whose whole value comes back this once. Field errors stay with the form. */
export const useCreateApiKey = (owner: ApiKeyOwner) =>
  useKeyMutation(owner, (input: { description: string; scope: ApiKeyScope }) => api.post(apiKeyBase(owner), input, { handleErrors: true }));

/** PUT api-key: a new description. */
export const useUpdateApiKey = (owner: ApiKeyOwner) =>
  useKeyMutation(owner, (input: { id: number; description: string }) => api.put(apiKeyBase(owner), input, { handleErrors: true }));

/** DELETE api-key: revokes the key at once. */
export const useDeleteApiKey = (owner: ApiKeyOwner) => useKeyMutation(owner, (id: number) => api.delete(apiKeyBase(owner), { id }));
