import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { tagKeys } from './keys';

/** An item of GET question/tags (the tag picker's suggestions). */
export interface TagSuggestion {
  tag_id: string;
  slug_name: string;
  display_name: string;
  recommend: boolean;
  reserved: boolean;
}

/** GET question/tags: tags whose name starts like `text`. */
export const searchTags = (text: string) => api.get<TagSuggestion[] | null>(`${V1}/question/tags`, { tag: text }, { handleErrors: true }).then((r) => r ?? []);

/** Suggestions for the tag picker (pass the text debounced). */
export function useTagSearch(text: string) {
  return useQuery({ queryKey: tagKeys.search(text), queryFn: () => searchTags(text), enabled: text.length > 0, staleTime: 30_000 });
}
