import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens.js';

describe('tokens', () => {
  it('stores a token as its SHA-256 in hex, as sessions made before were stored', () => {
    // the FIPS 180-2 test vector
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes 256-bit random tokens', () => {
    const [a, b] = [newToken(), newToken()];
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});
