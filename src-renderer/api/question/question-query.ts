import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { questionKeys } from './keys';
import type { QuestionPageParams } from './types';

/** GET question/page. */
export const fetchQuestionPage = (params: QuestionPageParams) => api.get(`${V1}/question/page`, { ...params });

/** A page of the question list (the previous page stays on screen while the next loads). */
export function useQuestionPage(params: QuestionPageParams) {
  return useQuery({ queryKey: questionKeys.list(params), queryFn: () => fetchQuestionPage(params), placeholderData: keepPreviousData });
}

/** The hot questions of the side panel: order hot, 6 of the last 7 days (spec section 9). */
export function useHotQuestions() {
  const params: QuestionPageParams = { order: 'hot', page: 1, page_size: 6, in_days: 7 };
  return useQuery({ queryKey: questionKeys.list(params), queryFn: () => fetchQuestionPage(params), staleTime: 60_000 });
}

/**
 * GET question/info (each fetch counts a view, so it stays fresh for a while); `share`: the
 * username of a share link the question was opened through (the server records the share).
 */
export const fetchQuestionInfo = (id: string, share?: string) => api.get(`${V1}/question/info`, { id, share }, { allow404Page: true });

/** One question. */
export function useQuestionInfo(id: string, share?: string) {
  return useQuery({ queryKey: questionKeys.detail(id), queryFn: () => fetchQuestionInfo(id, share), staleTime: 5 * 60_000, retry: false });
}

/** Questions with a title like the one being typed (GET question/similar). */
export function useSimilarQuestions(title: string) {
  return useQuery({
    queryKey: questionKeys.similar(title),
    queryFn: () => api.get(`${V1}/question/similar`, { title }, { handleErrors: true }),
    enabled: title.length >= 3,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
