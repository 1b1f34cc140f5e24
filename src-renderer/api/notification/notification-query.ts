import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../server/contract/limits';
import { api, V1 } from '../client';
import { notificationKeys } from './keys';
import type { NotificationPageParams } from './types';

/** GET notification/status: the poll handles its own errors and never shows the 50X page (spec section 8). */
export const fetchNotificationStatus = () => api.get(`${V1}/notification/status`, undefined, { handleErrors: true, ignore50x: true });

/** The unread counts, polled every 3 s (TIMING.notificationPollMs) while `enabled` and the tab is visible. */
export function useNotificationStatus(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.status(),
    queryFn: fetchNotificationStatus,
    enabled,
    refetchInterval: TIMING.notificationPollMs,
    retry: false,
    staleTime: 0,
  });
}

/** GET notification/page. */
export const fetchNotificationPage = (params: NotificationPageParams) => api.get(`${V1}/notification/page`, { ...params });

/**
 * Whether a page of `previous` may stay on screen while `next` loads: another page of the same
 * list, yes; another type or inbox kind, no (achievements drawn from inbox items would show a
 * reputation of 0, and the wrong items, until the new list arrives).
 */
export function sameNotificationList(previous: NotificationPageParams, next: NotificationPageParams): boolean {
  return previous.type === next.type && previous.inbox_type === next.inbox_type && previous.page_size === next.page_size;
}

/** A page of notifications (the previous page of the same list stays on screen while the next loads). */
export function useNotificationPage(params: NotificationPageParams, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.page(params),
    queryFn: () => fetchNotificationPage(params),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as NotificationPageParams | undefined;
      return before && sameNotificationList(before, params) ? keepPreviousData(previous) : undefined;
    },
    enabled,
  });
}
