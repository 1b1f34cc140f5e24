import { createHash, randomBytes } from 'node:crypto';

/** A long random token (256 bits, hex). */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** The stored form of a token: SHA-256 hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
