import { useQuery } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { webhookKeys } from './keys';

/** How often an open log is asked again while a delivery waits or is being sent. */
const POLL_MS = 2000;
/** Log rows per page. */
export const DELIVERY_PAGE_SIZE = 20;

/** GET admin webhooks, polled while a hook's last delivery waits or is being sent. */
export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: () => api.get(`${ADMIN}/webhooks`),
    // a hook's last state follows its delivery until it is settled
    refetchInterval: (q) => (q.state.data?.some((h) => h.last_status === 'pending' || h.last_status === 'sending') ? POLL_MS : false),
  });
}

/** GET admin webhooks/:id/deliveries: one page of a hook's log, polled while a row is pending or sending. */
export function useDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: () =>
      api.get(`${ADMIN}/webhooks/${encodeURIComponent(id)}/deliveries`, {
        page,
        page_size: DELIVERY_PAGE_SIZE,
      }),
    refetchInterval: (q) => (q.state.data?.list.some((d) => d.status === 'pending' || d.status === 'sending') ? POLL_MS : false),
  });
}
