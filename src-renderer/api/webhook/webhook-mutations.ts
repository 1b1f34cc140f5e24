import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { webhookKeys } from './keys';
import type { BodyOf } from '../../../server/contract/endpoints';
import type { WebhookInput } from './types';

function useWebhookMutation<I, O>(send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}

const hookPath = (id: string) => `${ADMIN}/webhooks/${encodeURIComponent(id)}` as const;

/** POST admin webhooks: the answer holds the secret, this once. Field errors stay with the form. */
export const useCreateWebhook = () =>
  useWebhookMutation((input: WebhookInput) => api.post(`${ADMIN}/webhooks`, input, { handleErrors: true }));

/** PUT admin webhooks/:id (with rotate_secret the answer holds the new secret). */
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...input }: BodyOf<'PUT /answer/admin/api/webhooks/:id'> & { id: string }) =>
    api.put(hookPath(id), input, { handleErrors: true }),
  );

/** DELETE admin webhooks/:id. */
export const useDeleteWebhook = () => useWebhookMutation((id: string) => api.delete(hookPath(id)));

/** POST admin webhooks/:id/ping. */
export const usePingWebhook = () => useWebhookMutation((id: string) => api.post(`${hookPath(id)}/ping`));

/** POST admin webhooks/deliveries/:id/resend. */
export const useResendDelivery = () =>
  useWebhookMutation((id: string) => api.post(`${ADMIN}/webhooks/deliveries/${encodeURIComponent(id)}/resend`));
