import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { linkKeys } from './keys';
import type { LinkedPageParams } from './types';

/** GET question/link: the questions that link to a question (an unknown question shows the 404 page). */
export const fetchLinkedQuestions = (params: LinkedPageParams) => api.get(`${V1}/question/link`, { ...params }, { allow404Page: true });

/** A page of the questions linking to a question. */
export function useLinkedQuestions(params: LinkedPageParams) {
  return useQuery({
    queryKey: linkKeys.page(params),
    queryFn: () => fetchLinkedQuestions(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
