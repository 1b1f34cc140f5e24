import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { answerKeys } from './keys';
import type { AnswerOrder } from './types';

/** Answers per page on the question page. */
export const ANSWER_PAGE_SIZE = 20;

/** GET answer/page. */
export const fetchAnswerPage = (questionId: string, order: AnswerOrder, page: number) =>
  api.get(`${V1}/answer/page`, { question_id: questionId, order, page, page_size: ANSWER_PAGE_SIZE });

/** A question's answers in an order. */
export function useAnswerPage(questionId: string, order: AnswerOrder, page: number, enabled = true) {
  return useQuery({
    queryKey: answerKeys.list(questionId, order, page),
    queryFn: () => fetchAnswerPage(questionId, order, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET answer/info (the answer with its question). */
export const fetchAnswerInfo = (id: string) => api.get(`${V1}/answer/info`, { id }, { allow404Page: true });

/** One answer, for its edit page. */
export function useAnswerInfo(id: string) {
  return useQuery({ queryKey: answerKeys.detail(id), queryFn: () => fetchAnswerInfo(id), retry: false });
}
