import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { adminKeys } from './keys';
import type { PostListStatus } from './types';

/** A page of the admin question or answer list. */
export interface PostListQuery {
  page: number;
  status: PostListStatus;
  query: string;
}

export const ADMIN_POST_PAGE_SIZE = 20;

/** GET admin question/page. */
export const fetchAdminQuestions = (q: PostListQuery) =>
  api.get(`${ADMIN}/question/page`, {
    page: q.page,
    page_size: ADMIN_POST_PAGE_SIZE,
    status: q.status,
    query: q.query || undefined,
  });
/** GET admin answer/page. */
export const fetchAdminAnswers = (q: PostListQuery) =>
  api.get(`${ADMIN}/answer/page`, {
    page: q.page,
    page_size: ADMIN_POST_PAGE_SIZE,
    status: q.status,
    query: q.query || undefined,
  });

export function useAdminQuestions(q: PostListQuery, enabled = true) {
  return useQuery({ queryKey: adminKeys.questions(q), queryFn: () => fetchAdminQuestions(q), placeholderData: keepPreviousData, enabled });
}
export function useAdminAnswers(q: PostListQuery, enabled = true) {
  return useQuery({ queryKey: adminKeys.answers(q), queryFn: () => fetchAdminAnswers(q), placeholderData: keepPreviousData, enabled });
}

/** PUT admin question/status: available (reopen, undelete, approve), closed, deleted (a queued one is rejected). */
export const setQuestionStatus = (b: { question_id: string; status: 'available' | 'closed' | 'deleted' }) =>
  api.put(`${ADMIN}/question/status`, b);
/** PUT admin answer/status: available (undelete, approve), deleted. */
export const setAnswerStatus = (b: { answer_id: string; status: 'available' | 'deleted' }) => api.put(`${ADMIN}/answer/status`, b);

/** A status change of a question or an answer; the lists reload after it. */
export function usePostStatus(kind: 'question' | 'answer') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { id: string; status: 'available' | 'closed' | 'deleted' }) =>
      kind === 'question'
        ? setQuestionStatus({ question_id: b.id, status: b.status })
        : setAnswerStatus({ answer_id: b.id, status: b.status === 'closed' ? 'deleted' : b.status }),
    onSuccess: () =>
      qc.invalidateQueries({ queryKey: kind === 'question' ? [...adminKeys.all, 'questions'] : [...adminKeys.all, 'answers'] }),
  });
}
