import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { compareTexts, flattenLocale, messageCoverage, placeholdersOf, translationProgress, uiCoverage } from './coverage.js';

const shipped = LANGUAGES.map((l) => l.value).filter((v) => v !== 'en_US');

describe('shipped locales', () => {
  it.each(shipped)('%s has every UI key of en_US, no other, with the same placeholders', (lang) => {
    const c = uiCoverage(lang);
    expect(c.missing, `UI keys missing from ${lang}`).toEqual([]);
    expect(c.extra, `UI keys of ${lang} that en_US has not`).toEqual([]);
    expect(c.placeholders, `UI texts of ${lang} whose placeholders differ from en_US`).toEqual([]);
  });

  it.each(shipped)('%s has every server message of en_US, no other, with the same placeholders', (lang) => {
    const c = messageCoverage(lang);
    expect(c.missing, `message keys missing from ${lang}`).toEqual([]);
    expect(c.extra, `message keys of ${lang} that en_US has not`).toEqual([]);
    expect(c.placeholders, `messages of ${lang} whose placeholders differ from en_US`).toEqual([]);
  });

  it('counts en_US as complete', () => {
    expect(translationProgress('en_US')).toBe(100);
  });
});

describe('the locale checker', () => {
  const en = flattenLocale({ a: { one: 'Hi {{name}}', two: 'Read <1>this</1>' }, b: 'Bye' });

  it('flattens a tree to dotted keys', () => {
    expect(en).toEqual({ 'a.one': 'Hi {{name}}', 'a.two': 'Read <1>this</1>', b: 'Bye' });
  });

  it('reports a missing key, an empty text, an extra key and a lost placeholder', () => {
    const other = flattenLocale({ a: { one: '你好', two: '' }, c: '多余' });
    const c = compareTexts(en, other);
    expect(c.missing).toEqual(['a.two', 'b']);
    expect(c.extra).toEqual(['c']);
    expect(c.placeholders).toEqual([{ key: 'a.one', en: ['{{name}}'], translated: [] }]);
  });

  it('reads {{placeholders}} and numbered Trans tags, ignoring order and spacing', () => {
    expect(placeholdersOf('<1>{{ count }}</1> of {{total}}')).toEqual(placeholdersOf('共 {{total}} 中的 <1>{{count}}</1>'));
    expect(placeholdersOf('{{count}} answers')).not.toEqual(placeholdersOf('{{num}} 个回答'));
  });
});
