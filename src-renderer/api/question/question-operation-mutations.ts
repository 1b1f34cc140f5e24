import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptchaFields } from '../user/types';
import { api, V1 } from '../client';
import { questionKeys } from './keys';

/** What PUT question/operation does. */
export type QuestionOperation = 'pin' | 'unpin' | 'hide' | 'show';

/** PUT question/status: closes with a reason (errors go to the caller: they belong on the dialog). */
export const closeQuestion = (body: { id: string; close_type: number; close_msg?: string }) =>
  api.put(`${V1}/question/status`, body, { handleErrors: true });
/** PUT question/reopen. */
export const reopenQuestion = (questionId: string) => api.put(`${V1}/question/reopen`, { question_id: questionId });
/** PUT question/operation: pin, unpin, list (show), unlist (hide). */
export const operateQuestion = (body: { id: string; operation: QuestionOperation }) => api.put(`${V1}/question/operation`, body);
/** DELETE question (captcha 'delete'). */
export const deleteQuestion = (body: { id: string } & CaptchaFields) => api.delete(`${V1}/question`, body, { handleErrors: true });
/** POST question/recover. */
export const recoverQuestion = (questionId: string) => api.post(`${V1}/question/recover`, { question_id: questionId });

/** After a status change the question is loaded afresh and the lists refresh. */
function useRefresh(questionId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: questionKeys.detail(questionId) });
    void qc.invalidateQueries({ queryKey: questionKeys.lists() });
  };
}

/** Closes the question. */
export function useCloseQuestion(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({
    mutationFn: (b: { close_type: number; close_msg?: string }) => closeQuestion({ id: questionId, ...b }),
    onSuccess: refresh,
  });
}

/** Reopens the question. */
export function useReopenQuestion(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({ mutationFn: () => reopenQuestion(questionId), onSuccess: refresh });
}

/** Pins, unpins, lists or unlists the question. */
export function useOperateQuestion(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({ mutationFn: (operation: QuestionOperation) => operateQuestion({ id: questionId, operation }), onSuccess: refresh });
}

/** Deletes the question. */
export function useDeleteQuestion(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({ mutationFn: (c: CaptchaFields) => deleteQuestion({ id: questionId, ...c }), onSuccess: refresh });
}

/** Undeletes the question. */
export function useRecoverQuestion(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({ mutationFn: () => recoverQuestion(questionId), onSuccess: refresh });
}
