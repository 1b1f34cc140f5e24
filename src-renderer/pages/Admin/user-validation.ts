import type { TFunction } from 'i18next';
import { LIMITS } from '../../../server/contract/limits';
import { compact, type Errors } from '../../utils/validation';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Set-password dialog: 8-32 characters. */
export function checkNewPassword(t: TFunction, password: string): Errors {
  if (!password) return { password: t('admin.users.password_modal.required') };
  if (password.length < LIMITS.password.min || password.length > LIMITS.password.max)
    return { password: t('admin.users.password_modal.length') };
  return {};
}

/** Edit-profile dialog: display name and username 3-30, email well formed, all required. */
export function checkProfile(t: TFunction, v: { display_name: string; username: string; email: string }): Errors {
  const range = (s: string) => s.length >= LIMITS.adminProfileName.min && s.length <= LIMITS.adminProfileName.max;
  const name = v.display_name.trim();
  const username = v.username.trim();
  const email = v.email.trim();
  return compact({
    display_name: !name
      ? t('admin.users.profile_modal.display_name_required')
      : !range(name)
        ? t('admin.users.profile_modal.display_name_length')
        : undefined,
    username: !username
      ? t('admin.users.profile_modal.username_required')
      : !range(username)
        ? t('admin.users.profile_modal.username_length')
        : undefined,
    email: !email
      ? t('admin.users.profile_modal.email_required')
      : !EMAIL.test(email)
        ? t('admin.users.profile_modal.email_invalid')
        : undefined,
  });
}

/**
 * Bulk add: required; each non-empty line 'name, email, password' with a display name of 2-30,
 * a valid email and a password of 8-32. Returns one message per bad line.
 */
export function checkBulkUsers(t: TFunction, text: string): string[] {
  if (!text.trim()) return [t('admin.users.add_modal.required')];
  const out: string[] = [];
  // lines are counted as the server counts them: from the first non-blank one
  text
    .trim()
    .split('\n')
    .forEach((raw, i) => {
      const line = i + 1;
      const parts = raw.split(',').map((p) => p.trim());
      if (parts.length !== 3) {
        out.push(t('admin.users.add_modal.line_format', { line }));
        return;
      }
      const [name, email, password] = parts;
      if (name.length < LIMITS.displayName.min || name.length > LIMITS.displayName.max)
        out.push(t('admin.users.add_modal.line_name', { line }));
      if (!EMAIL.test(email)) out.push(t('admin.users.add_modal.line_email', { line }));
      if (password.length < LIMITS.password.min || password.length > LIMITS.password.max)
        out.push(t('admin.users.add_modal.line_password', { line }));
    });
  return out;
}
