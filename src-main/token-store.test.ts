import { describe, expect, it } from 'vitest';
import { TokenStore } from './token-store';

function mapStore() {
  const m = new Map<string, unknown>();
  return {
    m,
    store: { get: (k: string) => m.get(k), set: (k: string, v: unknown) => void m.set(k, v), delete: (k: string) => void m.delete(k) },
  };
}

describe('the token store', () => {
  it('encrypts the token at rest when safeStorage can', () => {
    const { m, store } = mapStore();
    const safe = {
      isEncryptionAvailable: () => true,
      encryptString: (s: string) => Buffer.from(`enc:${s}`),
      decryptString: (b: Buffer) => b.toString().slice(4),
    };
    const tokens = new TokenStore(store, safe);
    tokens.set('secret');
    expect(JSON.stringify([...m.values()])).not.toContain('"secret"');
    expect(tokens.get()).toBe('secret');
    tokens.clear();
    expect(tokens.get()).toBe('');
  });

  it('falls back to plain storage without a keychain', () => {
    const { store } = mapStore();
    const tokens = new TokenStore(store, {
      isEncryptionAvailable: () => false,
      encryptString: () => Buffer.from(''),
      decryptString: () => '',
    });
    tokens.set('t1');
    expect(tokens.get()).toBe('t1');
  });
});
