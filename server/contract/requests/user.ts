import { z } from 'zod';
import { CAPTCHA_ACTIONS } from '../enums.js';
import { DISPLAY_NAME_PATTERN, LIMITS } from '../limits.js';
import { captchaFields, email, msg, password, text } from './fields.js';

const displayName = text({ min: LIMITS.displayName.min, max: LIMITS.displayName.max }).regex(DISPLAY_NAME_PATTERN, 'validation.name_chars');
const code = text({ max: 500 });
const noSpaces = (s: z.ZodString) => s.refine((v) => !/\s/.test(v), 'error.password.space_invalid');

/** POST user/register/email. */
export const registerSchema = z.object({ name: displayName, e_mail: email(), pass: noSpaces(password()), ...captchaFields });
/** POST user/login/email. */
export const loginSchema = z.object({ e_mail: email(), pass: text({ max: 32, trim: false }), ...captchaFields });
/** POST user/email/verification and the other code-only bodies. */
export const codeSchema = z.object({ code });
/** POST user/email/verification/send. */
export const captchaOnlySchema = z.object(captchaFields);
/** POST user/password/reset. */
export const resetRequestSchema = z.object({ e_mail: email(), ...captchaFields });
/** POST user/password/replacement. */
export const replacePasswordSchema = z.object({ code: text({ max: 100 }), pass: noSpaces(password()) });
/** POST user/email/change/code. */
export const changeEmailSchema = z.object({ e_mail: email(), pass: z.string().max(32).optional(), ...captchaFields });
/** PUT user/password. */
export const modifyPasswordSchema = z.object({
  old_pass: z.string().max(32).optional().default(''),
  pass: noSpaces(password()),
  ...captchaFields,
});

/**
 * The avatar type, as loosely as the reference takes it (any short string). The stock Answer UI
 * sends "default" for its System choice; that and any unknown type are the system avatar;
 * '' is no choice (the site's default avatar).
 */
const avatarType = z
  .string({ error: 'validation.type' })
  .max(100, msg('validation.max_length', { max: 100 }))
  .optional()
  .default('')
  .transform((t): 'system' | 'gravatar' | 'custom' | '' => (t === 'gravatar' || t === 'custom' || t === '' ? t : 'system'));

const avatarSchema = z.object({
  type: avatarType,
  gravatar: z.string().max(200).optional().default(''),
  custom: z.string().max(200).optional().default(''),
});

/** PUT user/info. */
export const updateInfoSchema = z.object({
  display_name: displayName,
  username: text({ min: LIMITS.username.min, max: LIMITS.username.max }).optional(),
  avatar: avatarSchema.optional(),
  bio: z
    .string()
    .max(LIMITS.bio.max, msg('validation.max_length', { max: LIMITS.bio.max }))
    .optional()
    .default(''),
  website: z
    .string()
    .trim()
    .max(LIMITS.website.max, msg('validation.max_length', { max: LIMITS.website.max }))
    .optional()
    .default(''),
  location: z
    .string()
    .trim()
    .max(LIMITS.location.max, msg('validation.max_length', { max: LIMITS.location.max }))
    .optional()
    .default(''),
});
export type UpdateInfoInput = z.infer<typeof updateInfoSchema>;

/** PUT user/interface. */
export const interfaceSchema = z.object({
  language: text({ max: 100 }),
  color_scheme: z.enum(['default', 'light', 'dark', 'system'], {
    error: msg('validation.one_of', { options: 'default, light, dark, system' }),
  }),
});

const channel = z.object({ key: z.string().max(32).optional().default('email'), enable: z.boolean({ error: 'validation.type' }) });
/** PUT user/notification/config. */
export const notificationConfigSchema = z.object({
  inbox: channel.optional(),
  all_new_question: channel.optional(),
  all_new_question_for_following_tags: channel.optional(),
});

/** GET user/action/record. */
export const actionRecordSchema = z.object({
  action: z.enum(CAPTCHA_ACTIONS, { error: 'validation.type' }),
  /** Lantern's UI asks for the proof-of-work captcha; other clients get the image code. */
  captcha_kind: z.enum(['image', 'altcha'], { error: 'validation.type' }).optional(),
});
