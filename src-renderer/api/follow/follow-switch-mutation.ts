import { useMutation } from '@tanstack/react-query';
import { api, V1 } from '../client';

/** POST follow: follows an object (or stops). */
export const switchFollow = (body: { object_id: string; is_cancel: boolean }) => api.post(`${V1}/follow`, body);

/** Follows or unfollows a question; the caller shows the new state. */
export function useSwitchFollow() {
  return useMutation({ mutationFn: switchFollow });
}
