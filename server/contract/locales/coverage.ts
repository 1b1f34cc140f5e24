import type { LanguageCode } from '../languages.js';
import { messageCatalogue } from '../messages/index.js';
import { localePart } from './index.js';

/** A locale tree flattened to dotted keys (`admin.menu.users`) and their texts. */
export function flattenLocale(tree: Record<string, unknown>, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === 'object') flattenLocale(v as Record<string, unknown>, `${prefix}${k}.`, out);
    else if (typeof v === 'string') out[`${prefix}${k}`] = v;
  }
  return out;
}

/** The placeholders a text must keep in every language: {{name}} and the <1>…</1> tags of Trans, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(text.match(/\{\{\s*[\w.]+\s*\}\}|<\/?\d+\s*\/?>/g) ?? [])].map((p) => p.replace(/\s+/g, '')).sort();
}

/** How one language's texts stand against English: keys it lacks, keys English lacks, placeholders that differ. */
export interface Coverage {
  total: number;
  missing: string[];
  extra: string[];
  placeholders: { key: string; en: string[]; translated: string[] }[];
}

/** Compares one language's flat texts with English's. */
export function compareTexts(en: Record<string, string>, other: Record<string, string | undefined>): Coverage {
  const missing = Object.keys(en).filter((k) => typeof other[k] !== 'string' || other[k] === '');
  const extra = Object.keys(other).filter((k) => !(k in en));
  const absent = new Set(missing);
  const placeholders = Object.keys(en)
    .filter((k) => !absent.has(k))
    .map((key) => ({ key, en: placeholdersOf(en[key]), translated: placeholdersOf(other[key] as string) }))
    .filter((p) => p.en.join() !== p.translated.join());
  return { total: Object.keys(en).length, missing, extra, placeholders };
}

/** The UI texts (the locale trees the renderer loads) of a language against en_US. */
export function uiCoverage(lang: LanguageCode): Coverage {
  return compareTexts(flattenLocale(localePart('en_US')), flattenLocale(localePart(lang)));
}

/** The server's messages (reasons, validation, mails) of a language against en_US. */
export function messageCoverage(lang: LanguageCode): Coverage {
  return compareTexts(messageCatalogue('en_US') as Record<string, string>, messageCatalogue(lang));
}

/**
 * The share of en_US's keys, UI and server messages together, that a language translates, as a whole
 * percentage rounded down (so 100 means complete): the `progress` of Answer's language options.
 */
export function translationProgress(lang: LanguageCode): number {
  const parts = [uiCoverage(lang), messageCoverage(lang)];
  const total = parts.reduce((n, c) => n + c.total, 0);
  const present = parts.reduce((n, c) => n + c.total - c.missing.length, 0);
  return total === 0 ? 100 : Math.floor((present * 100) / total);
}
