import { isLanguage, type LanguageCode } from '../languages.js';
import { en_US, type Locale } from './en_US.js';
import { zh_CN } from './zh_CN.js';

export { en_US, type Locale };

const PARTIALS: Record<LanguageCode, unknown> = { en_US, zh_CN };

function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    out[k] =
      v && typeof v === 'object' && b && typeof b === 'object' ? merge(b as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

/** The texts a language ships itself (English is whole; others are partial trees over it). */
export function localePart(lang: LanguageCode): Record<string, unknown> {
  return PARTIALS[lang] as Record<string, unknown>;
}

/** A whole locale tree: the language's texts over English. */
export function localeTree(lang: LanguageCode): Locale {
  return merge(en_US as unknown as Record<string, unknown>, PARTIALS[lang] as Record<string, unknown>) as unknown as Locale;
}

/** The tree for a raw language name, or null when it is not one (as the reference answers). */
export function localeTreeFor(lang: string | undefined): Locale | null {
  return isLanguage(lang) ? localeTree(lang) : null;
}
