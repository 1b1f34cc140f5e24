import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import type { Page } from '../types';
import { notificationKeys } from './keys';
import type { NotificationItem, NotificationPageParams, NotificationType } from './types';

/** PUT notification/status: clears the unread count of a type; answers the fresh status. */
export const clearNotificationStatus = (type: NotificationType) => api.put(`${V1}/notification/status`, { type }, { handleErrors: true });

/** PUT notification/read/state: one notification is read. */
export const readNotification = (id: string) => api.put(`${V1}/notification/read/state`, { id });

/** PUT notification/read/state/all: every notification of a type is read. */
export const readAllNotifications = (type: NotificationType) => api.put(`${V1}/notification/read/state/all`, { type });

type PageData = Page<NotificationItem> | undefined;

/** Clears the unread count of a type and puts the fresh status where the header reads it. */
export function useClearNotificationStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: clearNotificationStatus,
    onSuccess: (status) => {
      if (status) qc.setQueryData(notificationKeys.status(), status);
    },
  });
}

/** Marks one notification read: shown read at once, then stored. */
export function useReadNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onMutate: (id: string) => {
      qc.setQueriesData<PageData>({ queryKey: notificationKeys.pages() }, (d) =>
        d ? { ...d, list: d.list.map((n) => (n.id === id ? { ...n, is_read: true } : n)) } : d,
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Marks every notification of a type read. */
export function useReadAllNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onSuccess: (_data, type) => {
      const ofType = (q: { queryKey: readonly unknown[] }) => (q.queryKey[2] as NotificationPageParams | undefined)?.type === type;
      qc.setQueriesData<PageData>({ queryKey: notificationKeys.pages(), predicate: ofType }, (d) =>
        d ? { ...d, list: d.list.map((n) => ({ ...n, is_read: true })) } : d,
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
