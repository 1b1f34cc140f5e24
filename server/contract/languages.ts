/** Languages the server and UI ship; `progress` is the share of UI keys translated. */
export const LANGUAGES = [
  { label: 'English', value: 'en_US', progress: 100 },
  { label: '中文(简体)', value: 'zh_CN', progress: 40 },
] as const;

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
