/** Query keys of the activity (timeline) resource. */
export const activityKeys = {
  all: ['activity'] as const,
  timeline: (objectId: string, showVote: boolean) => [...activityKeys.all, 'timeline', objectId, showVote] as const,
  detail: (newId: string, oldId: string) => [...activityKeys.all, 'detail', newId, oldId] as const,
};
