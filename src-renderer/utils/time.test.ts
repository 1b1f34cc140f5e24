import { describe, expect, it } from 'vitest';
import { applyTimeZone, fullTime, relativeTime } from './time';

describe('times on screen', () => {
  it('absolute times follow the site time zone; unknown zones are ignored', () => {
    const t = Date.UTC(2026, 10, 23, 12, 30) / 1000;
    applyTimeZone('UTC');
    expect(fullTime(t, 'en_US')).toBe('Nov 23, 2026, 12:30 PM');
    applyTimeZone('Asia/Shanghai');
    expect(fullTime(t, 'en_US')).toBe('Nov 23, 2026, 8:30 PM');
    applyTimeZone('Not/AZone');
    expect(fullTime(t, 'en_US')).toBe('Nov 23, 2026, 8:30 PM');
    applyTimeZone('UTC');
  });

  it('relative times speak the language', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0);
    expect(relativeTime(now / 1000 - 180, 'en_US', now)).toBe('3 minutes ago');
    expect(relativeTime(now / 1000 - 3 * 86400, 'en_US', now)).toBe('3 days ago');
  });
});
