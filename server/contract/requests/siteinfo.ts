import { z } from 'zod';
import type { PrivilegeSettings, ThemeSettings } from '../api/site.js';
import { LIMITS } from '../limits.js';
import { email, flag, msg, optionalText, text } from './fields.js';

const bool = flag.optional().default(false);
const boolOn = flag.optional().default(true);
const urlOrPath = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('validation.max_length', { max }))
    .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\/\S+$/i.test(v), 'validation.url')
    .optional()
    .default('');
const tagItem = z.object({
  slug_name: text({ max: LIMITS.tagName.max }),
  display_name: z.string().max(LIMITS.tagName.max).optional().default(''),
});
const positive = (dflt: number) =>
  z
    .number({ error: 'validation.type' })
    .int()
    .min(1, msg('validation.min_value', { min: 1 }))
    .max(100000)
    .optional()
    .default(dflt);
/** An upload quota: a whole number from 0 (no limit) to 100000; left out, the stored one stays. */
const quota = z
  .number({ error: 'validation.type' })
  .int('validation.type')
  .min(0, msg('validation.range', { min: 0, max: 100000 }))
  .max(100000, msg('validation.range', { min: 0, max: 100000 }))
  .optional();

/** PUT siteinfo/general (the spec's site name limit of 30 applies). */
export const generalSchema = z.object({
  name: text({ max: LIMITS.siteName.max }),
  short_description: optionalText(255).default(''),
  description: optionalText(2000).default(''),
  site_url: text({ max: LIMITS.siteUrl.max }).refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'validation.url'),
  contact_email: email(512),
  check_update: boolOn,
});

/** PUT siteinfo/interface. */
export const interfaceSchema = z.object({ language: text({ max: 128 }), time_zone: text({ max: 128 }) });

/** PUT siteinfo/branding. */
export const brandingSchema = z.object({
  logo: urlOrPath(512),
  mobile_logo: urlOrPath(512),
  square_icon: urlOrPath(512),
  favicon: urlOrPath(512),
});

/** A list of file extensions (lower-cased, letters and digits, at most 50), `dflt` when left out. */
const extensions = (dflt: string[]) =>
  z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9]{1,10}$/, 'validation.type'),
    )
    .max(50)
    .optional()
    .default(dflt);

/** PUT siteinfo/write. */
export const writeSchema = z.object({
  restrict_answer: boolOn,
  required_tag: bool,
  recommend_tags: z.array(tagItem).max(100).optional().default([]),
  reserved_tags: z.array(tagItem).max(100).optional().default([]),
  max_image_size: positive(4),
  max_attachment_size: positive(8),
  max_image_megapixel: positive(40),
  authorized_image_extensions: extensions(['jpg', 'jpeg', 'png', 'gif', 'webp']),
  authorized_attachment_extensions: extensions([]),
  // Lantern's own upload quotas: a stock client's PUT leaves them out, and the stored values stay
  max_uploads_per_hour: quota,
  max_upload_mb_per_day: quota,
});

/** PUT siteinfo/legal. */
export const legalSchema = z.object({
  terms_of_service_original_text: z.string().max(65536).optional().default(''),
  terms_of_service_parsed_text: z.string().max(200000).optional(),
  privacy_policy_original_text: z.string().max(65536).optional().default(''),
  privacy_policy_parsed_text: z.string().max(200000).optional(),
  external_content_display: z.enum(['always_display', 'ask_before_display'], {
    error: msg('validation.one_of', { options: 'always_display, ask_before_display' }),
  }),
});

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'validation.type');
/** PUT siteinfo/login. */
export const loginSchema = z.object({
  allow_new_registrations: boolOn,
  allow_email_registrations: boolOn,
  allow_password_login: boolOn,
  login_required: bool,
  allow_email_domains: z.array(domain).max(200).optional().default([]),
});

/** PUT siteinfo/seo. */
export const seoSchema = z.object({
  permalink: z
    .number({ error: 'validation.type' })
    .int()
    .min(1, msg('validation.range', { min: 1, max: 4 }))
    .max(4, msg('validation.range', { min: 1, max: 4 })),
  robots: z.string({ error: 'validation.required' }).max(65536),
});

const css = z
  .string()
  .max(65536, msg('validation.max_length', { max: 65536 }))
  .optional()
  .default('');
/** PUT siteinfo/custom-css-html. */
export const cssHtmlSchema = z.object({ custom_head: css, custom_css: css, custom_header: css, custom_footer: css, custom_sidebar: css });

/** PUT siteinfo/theme. */
export const themeSchema = z.object({
  theme: text({ max: 255 }),
  color_scheme: z
    .enum(['', 'default', 'light', 'dark', 'system'], { error: msg('validation.one_of', { options: 'default, light, dark, system' }) })
    .optional()
    .default(''),
  theme_config: z
    .record(z.string().max(64), z.record(z.string().max(64), z.string().max(64)))
    .optional()
    .default({}),
});

/** PUT siteinfo/users. */
export const usersSchema = z.object({
  default_avatar: z.enum(['system', 'gravatar'], { error: msg('validation.one_of', { options: 'system, gravatar' }) }),
  gravatar_base_url: z
    .string()
    .trim()
    .max(512)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'validation.url')
    .optional()
    .default(''),
  allow_update_display_name: boolOn,
  allow_update_username: boolOn,
  allow_update_avatar: boolOn,
  allow_update_bio: boolOn,
  allow_update_website: boolOn,
  allow_update_location: boolOn,
});

/** PUT setting/smtp. */
export const smtpSchema = z.object({
  from_email: z
    .string()
    .trim()
    .max(256)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'validation.email')
    .optional()
    .default(''),
  from_name: z.string().trim().max(256).optional().default(''),
  smtp_host: z.string().trim().max(256).optional().default(''),
  smtp_port: z
    .number({ error: 'validation.type' })
    .int()
    .min(1, msg('validation.range', { min: 1, max: 65535 }))
    .max(65535, msg('validation.range', { min: 1, max: 65535 })),
  smtp_username: z.string().max(256).optional().default(''),
  smtp_password: z.string().max(256).optional().default(''),
  smtp_authentication: bool,
  encryption: z
    .enum(['', 'SSL', 'TLS'], { error: msg('validation.one_of', { options: 'SSL, TLS' }) })
    .optional()
    .default(''),
  test_email_recipient: z
    .string()
    .trim()
    .max(512)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'validation.email')
    .optional()
    .default(''),
});

/** PUT setting/privileges. */
export const privilegesSchema = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(99)], {
    error: msg('validation.one_of', { options: '1, 2, 3, 99' }),
  }),
  custom_privileges: z
    .array(
      z.object({
        key: z.string().max(64),
        value: z
          .number({ error: 'validation.type' })
          .int()
          .min(1, msg('validation.min_value', { min: 1 })),
      }),
    )
    .max(100)
    .optional()
    .default([]),
});

/** Whether two types are the same (each takes the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * The contract's theme and privileges types (server/contract/api/site.ts, types only) are exactly what
 * these schemas give: a schema that changes without them fails typecheck here.
 */
export type ContractFitsSchemas = [
  Same<z.output<typeof themeSchema>, ThemeSettings>,
  Same<z.output<typeof privilegesSchema>, PrivilegeSettings>,
] extends [true, true]
  ? true
  : never;
export const contractFitsSchemas: ContractFitsSchemas = true;

/** GET siteinfo/legal. */
export const legalQuerySchema = z.object({
  info_type: z.enum(['tos', 'privacy'], { error: msg('validation.one_of', { options: 'tos, privacy' }) }),
});
