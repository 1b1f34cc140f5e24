import { readLocal, removeLocal, writeLocal } from '../utils/storage';

// The token lives in memory for requests; it is persisted through the desktop bridge when the
// app runs in the Electron window, else in local storage (LAN browsers).
let current = '';

/** Loads the stored token (once, at startup). */
export async function loadToken(): Promise<string> {
  current = window.lantern ? await window.lantern.getToken().catch(() => '') : (readLocal<string>('token') ?? '');
  return current;
}

/** The token to send with requests. */
export function getToken(): string {
  return current;
}

/** Stores a new token. */
export async function setToken(token: string): Promise<void> {
  current = token;
  if (window.lantern) await window.lantern.setToken(token).catch(() => undefined);
  else writeLocal('token', token);
}

/** Forgets the token. */
export async function clearToken(): Promise<void> {
  current = '';
  if (window.lantern) await window.lantern.clearToken().catch(() => undefined);
  else removeLocal('token');
}
