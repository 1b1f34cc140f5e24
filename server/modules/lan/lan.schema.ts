import { z } from 'zod';
import { flag } from '../../http/fields.js';
import { msg } from '../../http/validate.js';

/** PUT lan: switch LAN hosting on or off, on a fixed port a LAN browser can remember. */
export const lanSwitchSchema = z.object({
  enabled: flag,
  port: z.coerce
    .number({ error: 'validation.type' })
    .int(msg('validation.type'))
    .min(1024, msg('validation.range', { min: 1024, max: 65535 }))
    .max(65535, msg('validation.range', { min: 1024, max: 65535 })),
});
export type LanSwitchInput = z.infer<typeof lanSwitchSchema>;
