import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { questionKeys } from './keys';
import type { QuestionInput } from './types';

/** POST question (errors go to the caller: field errors belong on the form). */
export const addQuestion = (body: QuestionInput) => api.post(`${V1}/question`, body, { handleErrors: true });

/** Asks a question; the lists refresh (its page loads it afresh, which counts the asker's view). */
export function useAddQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addQuestion,
    onSuccess: () => void qc.invalidateQueries({ queryKey: questionKeys.lists() }),
  });
}
