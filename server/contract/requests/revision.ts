import { z } from 'zod';
import { msg, pageNumber, text } from './fields.js';

/** GET revisions. */
export const revisionListQuery = z.object({ object_id: text({ max: 32 }) });

/** GET revisions/edit/check. */
export const editCheckQuery = z.object({ id: text({ max: 32 }) });

/** GET revisions/unreviewed. */
export const unreviewedQuery = z.object({ page: pageNumber(1, 100000) });

/** PUT revisions/audit (RevisionAuditReq). */
export const auditSchema = z.object({
  id: text({ max: 20 }),
  operation: z.enum(['approve', 'reject'], {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? 'validation.required'
        : msg('validation.one_of', { options: 'approve, reject' }),
  }),
});
export type AuditInput = z.infer<typeof auditSchema>;
