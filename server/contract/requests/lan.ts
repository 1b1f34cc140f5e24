import { z } from 'zod';
import { flag, msg } from './fields.js';

const path = z
  .string({ error: 'validation.type' })
  .trim()
  .max(4096, msg('validation.max_length', { max: 4096 }));

/**
 * PUT lan: switch LAN hosting on or off, on a fixed port a LAN browser can remember, and optionally
 * HTTPS (off, a self-signed certificate, or the team's own PEM files on the server machine; left out:
 * as it is now).
 */
export const lanSwitchSchema = z
  .object({
    enabled: flag,
    port: z.coerce
      .number({ error: 'validation.type' })
      .int(msg('validation.type'))
      .min(1024, msg('validation.range', { min: 1024, max: 65535 }))
      .max(65535, msg('validation.range', { min: 1024, max: 65535 })),
    tls: z.enum(['off', 'self-signed', 'files'], { error: msg('validation.one_of', { options: 'off, self-signed, files' }) }).optional(),
    tls_cert: path.optional(),
    tls_key: path.optional(),
  })
  .superRefine((v, c) => {
    if (v.tls !== 'files') return;
    if (!v.tls_cert) c.addIssue({ code: 'custom', path: ['tls_cert'], message: 'validation.required' });
    if (!v.tls_key) c.addIssue({ code: 'custom', path: ['tls_key'], message: 'validation.required' });
  });
export type LanSwitchInput = z.infer<typeof lanSwitchSchema>;
