import { useInfiniteQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { commentKeys } from './keys';

/** Comments fetched per "show more". */
export const COMMENT_PAGE_SIZE = 5;

/** GET comment/page (oldest first). */
export const fetchCommentPage = (objectId: string, page: number) =>
  api.get(`${V1}/comment/page`, { object_id: objectId, page, page_size: COMMENT_PAGE_SIZE });

/** A post's comments, a page at a time. */
export function useComments(objectId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(objectId),
    queryFn: ({ pageParam }) => fetchCommentPage(objectId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.reduce((n, p) => n + p.list.length, 0) < last.count ? all.length + 1 : undefined),
  });
}
