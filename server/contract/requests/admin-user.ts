import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { email, flag, msg, pageMin1, password, text } from './fields.js';

const USER_STATUSES = ['normal', 'suspended', 'deleted', 'inactive'] as const;
/** How long a suspension lasts (the reference's suspend_duration values). */
export const SUSPEND_DURATIONS = ['24h', '48h', '72h', '7d', '14d', '1m', '2m', '3m', '6m', '1y', 'forever'] as const;
export type SuspendDuration = (typeof SUSPEND_DURATIONS)[number];

const userId = () => text({ max: 32 });
const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);
const noSpaces = (s: z.ZodString) => s.refine((v) => !/\s/.test(v), 'error.password.space_invalid');
/** A choice among values: 'cannot be empty' when missing, else 'must be one of'. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'validation.required' : msg('validation.one_of', { options: values.join(', ') }),
  });
const status = oneOf(USER_STATUSES);

/** GET users/page (GetUserPageReq). */
export const userPageQuery = z.object({
  page: pageMin1(1, 100000),
  page_size: pageMin1(10, 100),
  query: z
    .string({ error: 'validation.type' })
    .trim()
    .max(100, msg('validation.max_length', { max: 100 }))
    .optional()
    .default(''),
  staff: flag.optional().default(false),
  status: z.preprocess(blankAsMissing, status.optional()),
});
export type UserPageQuery = z.infer<typeof userPageQuery>;

/** PUT user/status (UpdateUserStatusReq; suspend_duration as the reference's later releases). */
export const updateStatusSchema = z.object({
  user_id: userId(),
  status,
  suspend_duration: z.preprocess(blankAsMissing, oneOf(SUSPEND_DURATIONS).optional()),
  remove_all_content: z.boolean({ error: 'validation.type' }).optional().default(false),
});
export type UpdateStatusInput = z.infer<typeof updateStatusSchema>;

/** PUT user/role (UpdateUserRoleReq). */
export const updateRoleSchema = z.object({
  user_id: userId(),
  role_id: z
    .number({ error: (iss) => (iss.input === undefined ? 'validation.required' : 'validation.type') })
    .int('validation.type')
    .refine((v) => v === 1 || v === 2 || v === 3, msg('validation.one_of', { options: '1, 2, 3' })),
});

/** GET user/activation (GetUserActivationReq). */
export const userIdQuery = z.object({ user_id: userId() });
/** POST user/activation (SendUserActivationReq). */
export const userIdBody = z.object({ user_id: userId() });

/** One new account (AddUserReq); also checks each line of a bulk add. */
export const addUserSchema = z.object({
  display_name: text({ min: LIMITS.displayName.min, max: LIMITS.displayName.max }),
  email: email(LIMITS.email.max),
  password: noSpaces(password()),
});
export type AddUserInput = z.infer<typeof addUserSchema>;

/** POST users (AddUsersReq): one 'name, email, password' per line. */
export const addUsersSchema = z.object({ users: text({ max: 2_000_000 }) });

/** PUT user/password (UpdateUserPasswordReq). */
export const updatePasswordSchema = z.object({ user_id: userId(), password: noSpaces(password()) });

/** PUT user/profile (EditUserProfileReq; 3-30 characters as the spec's admin form). */
export const editProfileSchema = z.object({
  user_id: userId(),
  display_name: text({ min: LIMITS.adminProfileName.min, max: LIMITS.adminProfileName.max }),
  username: text({ min: LIMITS.adminProfileName.min, max: LIMITS.adminProfileName.max }),
  email: email(LIMITS.email.max),
});
export type EditProfileInput = z.infer<typeof editProfileSchema>;

/** DELETE delete/permanently (DeletePermanentlyReq). */
export const deletePermanentlySchema = z.object({
  type: oneOf(['users', 'questions', 'answers']),
});
