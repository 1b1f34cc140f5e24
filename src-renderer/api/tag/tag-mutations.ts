import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { switchFollow } from '../follow/follow-switch-mutation';
import { tagKeys } from './keys';
import type { TagFields, TagSynonym, TagUpdateInput } from './types';

/** POST tag: field errors come back to the form; other errors follow the app's policy (toast, dialog, login). */
export const addTag = (f: TagFields) =>
  api.post(`${V1}/tag`, { display_name: f.display_name, slug_name: f.slug_name, original_text: f.original_text });

/** Creates a tag; the lists and suggestions reload. */
export function useAddTag() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTag, onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }) });
}

/** PUT tag: `wait_for_review` when it became a suggested edit. */
export const updateTag = (body: TagUpdateInput) => api.put(`${V1}/tag`, body);

/** Edits a tag; the tag's queries reload. */
export function useUpdateTag() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTag, onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }) });
}

/** PUT tag/synonym: the whole list of synonyms. */
export function useUpdateSynonyms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { tag_id: string; synonym_tag_list: Pick<TagSynonym, 'slug_name' | 'display_name'>[] }) =>
      api.put(`${V1}/tag/synonym`, body),
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: tagKeys.synonyms(v.tag_id) }),
  });
}

/** POST follow for a tag: follows or stops following; the caller shows the new state. */
export function useFollowTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { tag_id: string; follow: boolean }) => switchFollow({ object_id: v.tag_id, is_cancel: !v.follow }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.following() }),
  });
}

/** DELETE tag (staff; refused while questions use it or it has synonyms). */
export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tagId: string) => api.delete(`${V1}/tag`, { tag_id: tagId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

/** POST tag/recover (staff): a deleted tag comes back. */
export function useRecoverTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tagId: string) => api.post(`${V1}/tag/recover`, { tag_id: tagId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
