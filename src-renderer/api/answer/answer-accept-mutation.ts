import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { questionKeys } from '../question/keys';
import type { QuestionDetail } from '../question/types';
import { answerKeys } from './keys';

/** POST answer/acceptance ('0' takes the acceptance back). */
export const acceptAnswer = (body: { question_id: string; answer_id: string }) => api.post(`${V1}/answer/acceptance`, body);

/** Accepts an answer (or none); the question's accepted id is patched in place and its answers refresh. */
export function useAcceptAnswer(questionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answerId: string) => acceptAnswer({ question_id: questionId, answer_id: answerId }),
    onSuccess: (_r, answerId) => {
      qc.setQueryData<QuestionDetail>(questionKeys.detail(questionId), (q) => (q ? { ...q, accepted_answer_id: answerId } : q));
      void qc.invalidateQueries({ queryKey: answerKeys.lists(questionId) });
    },
  });
}
