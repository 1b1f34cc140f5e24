import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptchaFields } from '../user/types';
import { api, V1 } from '../client';
import { questionKeys } from '../question/keys';
import { answerKeys } from './keys';

/** DELETE answer (captcha 'delete'). */
export const deleteAnswer = (body: { id: string } & CaptchaFields) => api.delete(`${V1}/answer`, body, { handleErrors: true });
/** POST answer/recover. */
export const recoverAnswer = (answerId: string) => api.post(`${V1}/answer/recover`, { answer_id: answerId });

function useRefresh(questionId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: answerKeys.lists(questionId) });
    void qc.invalidateQueries({ queryKey: questionKeys.detail(questionId) });
  };
}

/** Deletes an answer of the question; its answers refresh. */
export function useDeleteAnswer(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({ mutationFn: (b: { id: string } & CaptchaFields) => deleteAnswer(b), onSuccess: refresh });
}

/** Undeletes an answer. */
export function useRecoverAnswer(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({ mutationFn: recoverAnswer, onSuccess: refresh });
}
