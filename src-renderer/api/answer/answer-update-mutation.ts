import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { answerKeys } from './keys';
import type { AnswerUpdateInput } from './types';

/** PUT answer. */
export const updateAnswer = (body: AnswerUpdateInput) => api.put(`${V1}/answer`, body, { handleErrors: true });

/** Edits an answer; the question's answers refresh. */
export function useUpdateAnswer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAnswer,
    onSuccess: (_r, body) => {
      void qc.invalidateQueries({ queryKey: answerKeys.lists(body.question_id) });
      void qc.invalidateQueries({ queryKey: answerKeys.detail(body.id) });
    },
  });
}
