/**
 * The UI's English texts: the one complete resource, typed so that a wrong key fails to compile.
 * Other languages are partial trees of the same shape.
 */
export const en_US = {
  common: {
    app_name: 'Lantern',
  },
} as const;

/** The shape every locale follows. */
export type Locale = typeof en_US;

/** A partial locale (missing keys fall back to English). */
export type PartialLocale = { [K in keyof Locale]?: Partial<{ [P in keyof Locale[K]]: string }> };
