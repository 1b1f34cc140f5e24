import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { postKeys } from './keys';

/** POST post/render: markdown rendered and sanitised as stored posts are. */
export const renderPost = (content: string) => api.post(`${V1}/post/render`, { content }, { handleErrors: true });

/** The editor's preview of `content` (pass it debounced). */
export function usePostPreview(content: string) {
  return useQuery({
    queryKey: postKeys.render(content),
    queryFn: () => renderPost(content),
    enabled: content.trim().length > 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
