import { useMutation } from '@tanstack/react-query';
import { api, V1 } from '../client';

/** POST collection/switch: bookmarks a post in the default group (or removes it). */
export const switchCollection = (body: { object_id: string; bookmark: boolean }) =>
  api.post(`${V1}/collection/switch`, { ...body, group_id: '0' });

/** Bookmarks or un-bookmarks a post; the caller shows the new count. */
export function useSwitchCollection() {
  return useMutation({ mutationFn: switchCollection });
}
