import type { BodyOf } from '../../../server/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { api, V1 } from '../client';

/** POST report's body (the endpoint map's). */
export type ReportInput = BodyOf<'POST /answer/api/v1/report'>;

/** POST report (errors go to the caller: field errors belong on the dialog). */
export const addReport = (body: ReportInput) => api.post(`${V1}/report`, body, { handleErrors: true });

/** Flags a question, an answer or a comment. */
export function useAddReport() {
  return useMutation({ mutationFn: addReport });
}
