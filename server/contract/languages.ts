/** Languages the server and UI ship, by their own names; their progress is counted from the shipped texts (locales/coverage.ts). */
export const LANGUAGES = [
  { label: 'English', value: 'en_US' },
  { label: '中文(简体)', value: 'zh_CN' },
] as const;

/** One entry of GET language/options, as the reference sends it: `label` ends with the progress, as in "English (100%)". */
export interface LanguageOption {
  label: string;
  value: string;
  /** Translation completion percentage (whole, rounded down). */
  progress: number;
}

export type LanguageCode = (typeof LANGUAGES)[number]['value'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en_US';

/** True for a language name the product ships (exact match, as the reference reads it). */
export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && LANGUAGES.some((l) => l.value === value);
}

/** The reference takes the raw Accept-Language value as a language name; anything else is en_US. */
export function languageFromHeader(header: string | undefined): LanguageCode {
  return isLanguage(header) ? header : DEFAULT_LANGUAGE;
}
