const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** The BCP 47 tag of an app language code (en_US -> en-US). */
export function bcp47(lang: string): string {
  return (lang || 'en_US').replace('_', '-');
}

/** "3 minutes ago" in the app's language, from Unix seconds. */
export function relativeTime(seconds: number, lang: string, nowMs: number = Date.now()): string {
  const diff = seconds - Math.round(nowMs / 1000);
  const fmt = new Intl.RelativeTimeFormat(bcp47(lang), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') return fmt.format(Math.trunc(diff / size), unit);
  }
  return fmt.format(0, 'second');
}

// The site's time zone (interface settings), applied at startup; the browser's own until then.
let timeZone: string | undefined;

/** Shows absolute times in this IANA time zone (e.g. "Europe/Berlin", "UTC"); unknown names are ignored. */
export function applyTimeZone(zone: string | undefined): void {
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    timeZone = zone;
  } catch {
    /* not a zone this browser knows: keep the current one */
  }
}

/** A full date and time in the app's language and the site's time zone. */
export function fullTime(seconds: number, lang: string): string {
  return new Date(seconds * 1000).toLocaleString(bcp47(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** Large counts shortened (1.2k). */
export function shortCount(n: number, lang: string): string {
  return new Intl.NumberFormat(bcp47(lang), { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
