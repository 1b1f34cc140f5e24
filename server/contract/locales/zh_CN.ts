import type { PartialLocale } from './en_US.js';

/** Simplified Chinese (partial; the rest falls back to English). */
export const zh_CN: PartialLocale = {
  common: {
    app_name: 'Lantern',
  },
};
