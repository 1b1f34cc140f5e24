import type { NotificationPageParams } from './types';

/** Query keys of the notification resource. */
export const notificationKeys = {
  all: ['notification'] as const,
  status: () => [...notificationKeys.all, 'status'] as const,
  pages: () => [...notificationKeys.all, 'page'] as const,
  page: (params: NotificationPageParams) => [...notificationKeys.pages(), params] as const,
};
