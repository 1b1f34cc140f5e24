import { z } from 'zod';
import { flag, msg, text } from './fields.js';

const slug = () => text({ max: 100 });

/** A plugin's settings form as submitted: an object of field name to value. */
const configFields = z
  .record(z.string().max(100), z.unknown(), { error: 'validation.type' })
  .optional()
  .default({})
  .refine((o) => Object.keys(o).length <= 200, msg('validation.max_length', { max: 200 }));

/** GET admin plugins (GetPluginListReq). */
export const pluginListQuery = z.object({
  status: z.enum(['active', 'inactive'], { error: msg('validation.one_of', { options: 'active, inactive' }) }).optional(),
  have_config: flag.optional(),
});
export type PluginListQuery = z.infer<typeof pluginListQuery>;

/** PUT admin plugin/status (UpdatePluginStatusReq; a missing `enabled` switches off, as in Go). */
export const pluginStatusSchema = z.object({
  plugin_slug_name: slug(),
  enabled: z.boolean({ error: 'validation.type' }).optional().default(false),
});

/** GET admin plugin/config and GET user/plugin/config. */
export const pluginSlugQuery = z.object({ plugin_slug_name: slug() });

/** PUT admin plugin/config (UpdatePluginConfigReq) and PUT user/plugin/config (UpdateUserPluginConfigReq). */
export const pluginConfigSchema = z.object({ plugin_slug_name: slug(), config_fields: configFields });
export type PluginConfigInput = z.infer<typeof pluginConfigSchema>;
