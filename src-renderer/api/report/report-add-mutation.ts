import { useMutation } from '@tanstack/react-query';
import type { CaptchaFields } from '../user/types';
import { api, V1 } from '../client';

/** Body of POST report. */
export interface ReportInput extends CaptchaFields {
  object_id: string;
  report_type: number;
  content?: string;
}

/** POST report (errors go to the caller: field errors belong on the dialog). */
export const addReport = (body: ReportInput) => api.post(`${V1}/report`, body, { handleErrors: true });

/** Flags a question, an answer or a comment. */
export function useAddReport() {
  return useMutation({ mutationFn: addReport });
}
