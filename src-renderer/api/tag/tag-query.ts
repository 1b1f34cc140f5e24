import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { tagKeys } from './keys';
import type { TagPageParams, TagRevision } from './types';

/** An item of GET question/tags (the tag picker's suggestions). */
export type { TagBasic as TagSuggestion } from './types';

/** GET question/tags: tags whose name starts like `text`. */
export const searchTags = (text: string) => api.get(`${V1}/question/tags`, { tag: text }, { handleErrors: true }).then((r) => r ?? []);

/** Suggestions for the tag picker (pass the text debounced). */
export function useTagSearch(text: string) {
  return useQuery({ queryKey: tagKeys.search(text), queryFn: () => searchTags(text), enabled: text.length > 0, staleTime: 30_000 });
}

/** GET tags/page. */
export const fetchTagPage = (params: TagPageParams) => api.get(`${V1}/tags/page`, { ...params });

/** A page of the tag list (the previous page stays on screen while the next loads). */
export function useTagPage(params: TagPageParams) {
  return useQuery({ queryKey: tagKeys.list(params), queryFn: () => fetchTagPage(params), placeholderData: keepPreviousData });
}

/** GET tag?name=: a tag by its slug (a synonym answers with its main tag); a missing tag shows the 404 page. */
export const fetchTagByName = (name: string) => api.get(`${V1}/tag`, { name }, { allow404Page: true });

/** One tag by slug. */
export function useTagInfo(name: string) {
  return useQuery({ queryKey: tagKeys.detail(name), queryFn: () => fetchTagByName(name), retry: false, enabled: name.length > 0 });
}

/** GET tag?id=: a tag by its id. */
export const fetchTagById = (id: string) => api.get(`${V1}/tag`, { id }, { allow404Page: true });

/** One tag by id (the edit page). */
export function useTagById(id: string) {
  return useQuery({ queryKey: tagKeys.byId(id), queryFn: () => fetchTagById(id), retry: false, staleTime: 0, gcTime: 0 });
}

/** GET tag/synonyms. */
export function useTagSynonyms(tagId: string | undefined) {
  return useQuery({
    queryKey: tagKeys.synonyms(tagId ?? ''),
    queryFn: () => api.get(`${V1}/tag/synonyms`, { tag_id: tagId ?? '' }),
    enabled: !!tagId,
  });
}

/** GET revisions?object_id=: a tag's applied revisions (who created and who last edited it). */
export function useTagRevisions(tagId: string | undefined) {
  return useQuery({
    queryKey: tagKeys.revisions(tagId ?? ''),
    // a tag's id names tag revisions only
    queryFn: () => api.get(`${V1}/revisions`, { object_id: tagId ?? '' }, { handleErrors: true }).then((r) => (r ?? []) as TagRevision[]),
    enabled: !!tagId,
  });
}

/** GET permission?action=a,b for the logged-in, activated user (nothing is asked otherwise). */
export function usePermissions(actions: string[], enabled = true) {
  const key = actions.join(',');
  return useQuery({
    queryKey: tagKeys.permission(key),
    queryFn: () => api.get(`${V1}/permission`, { action: key }, { handleErrors: true }),
    enabled,
    staleTime: 60_000,
  });
}
