import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { activityKeys } from './keys';

/** GET activity/timeline (an unknown object shows the 404 page). */
export const fetchTimeline = (objectId: string, showVote: boolean) =>
  api.get(`${V1}/activity/timeline`, { object_id: objectId, show_vote: showVote ? 'true' : undefined }, { allow404Page: true });

/** The timeline of a question, answer or tag; votes only when `showVote` (staff). */
export function useTimeline(objectId: string, showVote: boolean) {
  return useQuery({
    queryKey: activityKeys.timeline(objectId, showVote),
    queryFn: () => fetchTimeline(objectId, showVote),
    enabled: !!objectId,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** GET activity/timeline/detail: the revision an event made and the one before it ('0': none). */
export const fetchTimelineDetail = (newId: string, oldId: string) =>
  api.get(`${V1}/activity/timeline/detail`, { new_revision_id: newId, old_revision_id: oldId === '0' ? undefined : oldId });

/** A revision comparison, loaded when an event is expanded. */
export function useTimelineDetail(newId: string, oldId: string, enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.detail(newId, oldId),
    queryFn: () => fetchTimelineDetail(newId, oldId),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
