import type { TFunction } from 'i18next';
import { DISPLAY_NAME_PATTERN, LIMITS, USERNAME_PATTERN } from '../../../server/contract/limits';
import { checkEmail, checkPassword, compact, type Errors } from '../../utils/validation';

/** The profile form's values. */
export interface ProfileValues {
  display_name: string;
  username: string;
  avatarType: 'system' | 'gravatar' | 'custom';
  avatarCustom: string;
  bio: string;
  website: string;
  location: string;
}

/** Which profile fields the admin lets members change (site_users.allow_update_*). */
export interface ProfilePermissions {
  display_name: boolean;
  username: boolean;
  avatar: boolean;
  bio: boolean;
  website: boolean;
  location: boolean;
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** Display name: required, 2-30, letters, digits, spaces and - . _ */
export function checkDisplayName(t: TFunction, v: string): string | undefined {
  const s = v.trim();
  if (!s) return t('settings.profile.display_name_required');
  if (s.length < LIMITS.displayName.min || s.length > LIMITS.displayName.max) return t('settings.profile.display_name_length');
  if (!DISPLAY_NAME_PATTERN.test(s)) return t('settings.profile.display_name_chars');
  return undefined;
}

/** Username: required, 2-30, a-z 0-9 - . _ */
export function checkUsername(t: TFunction, v: string): string | undefined {
  const s = v.trim();
  if (!s) return t('settings.profile.username_required');
  if (s.length < LIMITS.username.min || s.length > LIMITS.username.max) return t('settings.profile.username_length');
  if (!USERNAME_PATTERN.test(s)) return t('settings.profile.username_chars');
  return undefined;
}

/** The profile rules for the fields the member may change. */
export function checkProfile(t: TFunction, v: ProfileValues, allow: ProfilePermissions): Errors {
  const website = v.website.trim();
  return compact({
    display_name: allow.display_name ? checkDisplayName(t, v.display_name) : undefined,
    username: allow.username ? checkUsername(t, v.username) : undefined,
    avatar: allow.avatar && v.avatarType === 'custom' && !v.avatarCustom ? t('settings.profile.avatar_needed') : undefined,
    bio: allow.bio && v.bio.length > LIMITS.bio.max ? t('settings.profile.bio_max', { max: LIMITS.bio.max }) : undefined,
    website:
      !allow.website || !website
        ? undefined
        : website.length > LIMITS.website.max
          ? t('settings.profile.website_max', { max: LIMITS.website.max })
          : !isHttpUrl(website)
            ? t('settings.profile.website_invalid')
            : undefined,
    location:
      allow.location && v.location.trim().length > LIMITS.location.max
        ? t('settings.profile.location_max', { max: LIMITS.location.max })
        : undefined,
  });
}

/** Change email: the new address, and the current password when the account has one. */
export function checkEmailChange(t: TFunction, v: { e_mail: string; pass: string }, needsPassword: boolean): Errors {
  return compact({
    e_mail: v.e_mail.trim() ? checkEmail(t, v.e_mail) : t('settings.account.new_email_required'),
    pass: needsPassword && !v.pass ? t('settings.account.old_pass_required') : undefined,
  });
}

/** Change password: current (when there is one), new 8-32, confirmation equal. */
export function checkPasswordChange(t: TFunction, v: { old_pass: string; pass: string; confirm: string }, hasPassword: boolean): Errors {
  return compact({
    old_pass: hasPassword && !v.old_pass ? t('settings.account.old_pass_required') : undefined,
    pass: checkPassword(t, v.pass),
    confirm: !v.confirm ? t('form.password_required') : v.confirm !== v.pass ? t('form.password_mismatch') : undefined,
  });
}
