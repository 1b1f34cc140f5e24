import type { TFunction } from 'i18next';
import { DISPLAY_NAME_PATTERN, LIMITS } from '../../server/contract/limits';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Errors by field; an empty object means valid. */
export type Errors = Record<string, string>;

/** Email rules: required and well formed. */
export function checkEmail(t: TFunction, v: string): string | undefined {
  if (!v.trim()) return t('form.email_required');
  if (!EMAIL.test(v.trim())) return t('form.email_invalid');
  return undefined;
}

/** Password rules: 8-32 characters. */
export function checkPassword(t: TFunction, v: string): string | undefined {
  if (!v) return t('form.password_required');
  if (v.length < LIMITS.password.min || v.length > LIMITS.password.max) return t('form.password_length');
  return undefined;
}

/** Display-name rules of sign-up: 2-30 of a-z A-Z 0-9 space - . _ */
export function checkName(t: TFunction, v: string): string | undefined {
  const s = v.trim();
  if (!s) return t('form.name_required');
  if (s.length < LIMITS.displayName.min || s.length > LIMITS.displayName.max) return t('form.name_length');
  if (!DISPLAY_NAME_PATTERN.test(s)) return t('form.name_chars');
  return undefined;
}

/** Keeps only the set messages. */
export function compact(e: Record<string, string | undefined>): Errors {
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v)) as Errors;
}
