import { createHmac } from 'node:crypto';
import type { AltchaChallenge } from '../../contract/api/user.js';

/** The key derivation of Lantern's challenges (bundled in the altcha widget, WebCrypto in browsers). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per attempt: fixed; the setting moves the number of attempts. */
export const ALTCHA_COST = 1000;
/** The difficulty setting's default: up to 2,000 attempts (about a second or two in a browser). */
export const DEFAULT_MAX_NUMBER = 2000;
const MIN_MAX_NUMBER = 10;
const MAX_MAX_NUMBER = 1_000_000;

/** A challenge's id starts with this, so verify() knows a proof-of-work payload from a typed code. */
export const ALTCHA_ID_PREFIX = 'altcha-';

/** The difficulty a saved setting asks for, within bounds (a bad or empty value gives the default). */
export function maxNumberOf(raw: unknown): number {
  const n = Math.floor(Number(raw));
  if (raw === '' || raw === null || raw === undefined || !Number.isFinite(n)) return DEFAULT_MAX_NUMBER;
  return Math.min(MAX_MAX_NUMBER, Math.max(MIN_MAX_NUMBER, n));
}

/** The two HMAC secrets altcha-lib signs with, derived from the site's one stored key. */
function secrets(siteKey: string) {
  const derive = (label: string) => createHmac('sha256', siteKey).update(label).digest('hex');
  return { hmacSignatureSecret: derive('altcha-challenge'), hmacKeySignatureSecret: derive('altcha-key') };
}

// loaded on the first challenge asked for, not at the server's start (see loadOnUse)
async function lib() {
  const [pow, pbkdf2] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/pbkdf2')]);
  return { ...pow, deriveKey: pbkdf2.deriveKey };
}

/**
 * A signed challenge: the counter to find is drawn from the upper half of [1, maxNumber], the id
 * and expiry ride in its signed parameters. Nothing is stored.
 */
export async function createAltcha(siteKey: string, id: string, maxNumber: number, expiresAt: number): Promise<AltchaChallenge> {
  const { createChallenge, randomInt, deriveKey } = await lib();
  const challenge = await createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
    deriveKey,
    expiresAt,
    data: { id },
    ...secrets(siteKey),
  });
  return challenge as AltchaChallenge;
}

/** What a payload proved: the challenge's id and expiry when the solution holds, else undefined. */
export async function checkAltcha(siteKey: string, code: string): Promise<{ id: string; expiresAt: number } | undefined> {
  const payload = parsePayload(code);
  if (!payload) return undefined;
  const { verifySolution, deriveKey } = await lib();
  const p = payload.challenge.parameters;
  if (p.algorithm !== ALTCHA_ALGORITHM || p.cost !== ALTCHA_COST) return undefined;
  const id = p.data?.id;
  if (typeof id !== 'string' || typeof p.expiresAt !== 'number') return undefined;
  try {
    const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...secrets(siteKey) });
    return result.verified ? { id, expiresAt: p.expiresAt } : undefined;
  } catch {
    return undefined;
  }
}

type Payload = Parameters<Awaited<ReturnType<typeof lib>>['verifySolution']>[0];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The widget's base64 JSON {challenge, solution}, or undefined when it is not one. */
function parsePayload(code: string): Pick<Payload, 'challenge' | 'solution'> | undefined {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(code, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(v) || !isObject(v.challenge) || !isObject(v.solution) || !isObject(v.challenge.parameters)) return undefined;
  if (typeof v.challenge.signature !== 'string' || typeof v.solution.counter !== 'number' || typeof v.solution.derivedKey !== 'string')
    return undefined;
  return v as unknown as Pick<Payload, 'challenge' | 'solution'>;
}
