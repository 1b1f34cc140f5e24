import { describe, expect, it } from 'vitest';
import { qualityRatio } from '../../bench/quality.js';

describe('bench search_quality', () => {
  const scores = new Map([
    ['a', 9],
    ['b', 6],
    ['c', 3],
    ['d', 1],
  ]);

  it('is 1 when the top results are the exhaustive top, less when worse posts take their places', () => {
    expect(qualityRatio(scores, ['a', 'b'], 2)).toBe(1);
    expect(qualityRatio(scores, ['b', 'a'], 2)).toBe(1);
    expect(qualityRatio(scores, ['a', 'c'], 2)).toBe(12 / 15);
    // posts the exhaustive search does not score count 0
    expect(qualityRatio(scores, ['x', 'd'], 2)).toBe(1 / 15);
  });

  it('counts a search nothing matches as perfect', () => {
    expect(qualityRatio(new Map(), [], 10)).toBe(1);
  });
});
