import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';

/** The emojis a post can get. */
export const REACTIONS = ['heart', 'smile', 'frown'] as const;
/** One of them. */
export type Reaction = (typeof REACTIONS)[number];

/** One emoji of GET meta/reaction (the API contract's). */
export type { ReactionSummaryItem } from '../../../server/contract/api/meta';

/** Query key of an object's reactions. */
export const reactionKey = (objectId: string) => ['meta', 'reaction', objectId] as const;

/** GET meta/reaction. */
export const fetchReactions = (objectId: string) =>
  api.get(`${V1}/meta/reaction`, { object_id: objectId }, { handleErrors: true }).then((r) => r?.reaction_summary ?? []);

/** A post's reactions. */
export function useReactions(objectId: string) {
  return useQuery({ queryKey: reactionKey(objectId), queryFn: () => fetchReactions(objectId) });
}

/** PUT meta/reaction: adds or takes back the viewer's emoji; answers the new summary. */
export const updateReaction = (body: { object_id: string; emoji: Reaction; reaction: 'activate' | 'deactivate' }) =>
  api.put(`${V1}/meta/reaction`, body);

/** Reacts to a post; the summary is replaced by the server's. */
export function useReact(objectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { emoji: Reaction; reaction: 'activate' | 'deactivate' }) => updateReaction({ object_id: objectId, ...b }),
    onSuccess: (r) => qc.setQueryData(reactionKey(objectId), r?.reaction_summary ?? []),
  });
}
