import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../server/contract/limits';
import { api, V1 } from '../client';
import type { Page } from '../types';
import { notificationKeys } from './keys';
import type { NotificationItem, NotificationPageParams, RedDot } from './types';

/** GET notification/status: the poll handles its own errors and never shows the 50X page (spec section 8). */
export const fetchNotificationStatus = () => api.get<RedDot>(`${V1}/notification/status`, undefined, { handleErrors: true, ignore50x: true });

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
export const fetchNotificationPage = (params: NotificationPageParams) => api.get<Page<NotificationItem>>(`${V1}/notification/page`, { ...params });

/** A page of notifications (the previous page stays on screen while the next loads). */
export function useNotificationPage(params: NotificationPageParams, enabled = true) {
  return useQuery({ queryKey: notificationKeys.page(params), queryFn: () => fetchNotificationPage(params), placeholderData: keepPreviousData, enabled });
}
