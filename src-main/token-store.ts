import type { SafeStorage } from 'electron';

/** A tiny key-value store (electron-store in the app, a Map in tests). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

const KEY = 'auth.token';

/** Keeps the access token, encrypted with the OS keychain when safeStorage can. */
export class TokenStore {
  constructor(
    private readonly store: KeyValueStore,
    private readonly safe: Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'>,
  ) {}

  /** The stored token or ''. */
  get(): string {
    const v = this.store.get(KEY) as { enc?: string; plain?: string } | undefined;
    if (!v) return '';
    try {
      if (v.enc && this.safe.isEncryptionAvailable()) return this.safe.decryptString(Buffer.from(v.enc, 'base64'));
      return v.plain ?? '';
    } catch {
      return '';
    }
  }

  /** Stores a token (encrypted when possible). */
  set(token: string): void {
    if (this.safe.isEncryptionAvailable()) this.store.set(KEY, { enc: this.safe.encryptString(token).toString('base64') });
    else this.store.set(KEY, { plain: token });
  }

  /** Forgets the token. */
  clear(): void {
    this.store.delete(KEY);
  }
}
