import i18next from 'i18next';
import { basePath } from '../utils/base-path';
import { initReactI18next } from 'react-i18next';
import { en_US } from '../../server/contract/locales/en_US';
import { V1 } from '../api/client';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en_US };
  }
}

/** Starts i18next with the bundled English texts. */
export function initI18n() {
  void i18next.use(initReactI18next).init({
    lng: 'en_US',
    fallbackLng: 'en_US',
    resources: { en_US: { translation: en_US } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

/** Switches language, loading a non-English tree from the server first. */
export async function applyLanguage(lang: string): Promise<void> {
  const target = lang && lang !== 'Default' ? lang : 'en_US';
  if (target !== 'en_US' && !i18next.hasResourceBundle(target, 'translation')) {
    const tree = await fetchLanguageTree(target);
    if (!tree) return;
    i18next.addResourceBundle(target, 'translation', tree, true, true);
  }
  await i18next.changeLanguage(target);
  document.documentElement.lang = target.replace('_', '-');
}

async function fetchLanguageTree(lang: string): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(`${basePath()}${V1}/language/config`, { headers: { 'Accept-Language': lang } });
    const body = (await res.json()) as { data: Record<string, unknown> | null };
    return body.data;
  } catch {
    return null;
  }
}

/** The current language code for Accept-Language. */
export function currentLanguage(): string {
  return i18next.language || 'en_US';
}
