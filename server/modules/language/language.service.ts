import { LANGUAGES, type LanguageOption } from '../../contract/languages.js';
import { translationProgress } from '../../contract/locales/coverage.js';
import { localeTreeFor } from '../../contract/locales/index.js';

/** The UI translation tree for a language name, or null for an unknown one. */
export function uiTranslations(lang: string | undefined) {
  return localeTreeFor(lang);
}

/** The shipped languages as the reference lists them: each label followed by its progress, "English (100%)". */
export function languageOptions(): LanguageOption[] {
  return LANGUAGES.map((l) => {
    const progress = translationProgress(l.value);
    return { label: `${l.label} (${progress}%)`, value: l.value, progress };
  });
}
