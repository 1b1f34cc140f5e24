import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { questionKeys } from '../question/keys';
import { answerKeys } from './keys';
import type { AnswerInput } from './types';

/** POST answer (errors go to the caller). */
export const addAnswer = (body: AnswerInput) => api.post(`${V1}/answer`, body, { handleErrors: true });

/** Answers a question; its answers and counts refresh. */
export function useAddAnswer(questionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addAnswer,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: answerKeys.lists(questionId) });
      void qc.invalidateQueries({ queryKey: questionKeys.lists() });
    },
  });
}
