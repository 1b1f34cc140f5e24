import { localeTreeFor } from '../../contract/locales/index.js';

/** The UI translation tree for a language name, or null for an unknown one. */
export function uiTranslations(lang: string | undefined) {
  return localeTreeFor(lang);
}
