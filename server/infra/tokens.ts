import { hash, randomBytes } from 'node:crypto';

/** A long random token (256 bits, hex). */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** The stored form of a token: SHA-256 hex (one-shot: a third of a Hash object's cost, on every signed-in request). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
