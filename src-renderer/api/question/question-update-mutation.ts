import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '../client';
import { questionKeys } from './keys';
import type { QuestionUpdateInput } from './types';

/** PUT question. */
export const updateQuestion = (body: QuestionUpdateInput) => api.put(`${V1}/question`, body, { handleErrors: true });

/** Edits a question; its page and the lists refresh. */
export function useUpdateQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateQuestion,
    onSuccess: (_r, body) => {
      void qc.invalidateQueries({ queryKey: questionKeys.detail(body.id) });
      void qc.invalidateQueries({ queryKey: questionKeys.lists() });
    },
  });
}
