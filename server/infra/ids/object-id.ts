import type { DbOrTrx } from '../../db/database.js';
import { nextUniqid } from './uniqid.repository.js';

/** Object-type codes inside object ids: named in the contract. */
export { OBJECT_TYPE } from '../../contract/enums.js';

const BASE = 10_000_000_000_000_000n;
const TYPE_FACTOR = 10_000_000_000_000n;
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A new object id: "1" + 3-digit type + 13-digit counter from the one global uniqid counter. */
export async function newObjectId(db: DbOrTrx, type: number): Promise<string> {
  const counter = await nextUniqid(db, type);
  return (BASE + BigInt(type) * TYPE_FACTOR + BigInt(counter)).toString();
}

/** The object type of a long id, or null when it is not one. */
export function objectTypeOf(id: string): number | null {
  if (!/^1\d{16}$/.test(id)) return null;
  return Number(id.slice(1, 4));
}

function enc(n: bigint): string {
  let v = n + 100n;
  let out = '';
  while (v > 0n) {
    out += ALPHABET[Number(v % 62n)];
    v /= 62n;
  }
  return out;
}

function dec(s: string): bigint | null {
  let v = 0n;
  for (let i = s.length - 1; i >= 0; i--) {
    const d = ALPHABET.indexOf(s[i]);
    if (d < 0) return null;
    v = v * 62n + BigInt(d);
  }
  return v - 100n;
}

/** The short id of a long id (base 62, least significant digit first, type in the first 2 characters). */
export function encodeShortId(id: string): string {
  if (!/^1\d{16}$/.test(id)) return id;
  const n = BigInt(id) - BASE;
  return enc(n / TYPE_FACTOR) + enc(n % TYPE_FACTOR);
}

/** An id as a payload carries it: the short id when the permalink setting is 3 or 4 (never for "0"). */
export function idOut(id: string, permalink: number): string {
  return permalink >= 3 && id !== '0' ? encodeShortId(id) : id;
}

/** A long id from a long or short id, or null when it is neither. */
export function decodeId(idOrShort: string): string | null {
  const s = idOrShort.trim();
  if (/^\d+$/.test(s)) return BigInt(s) >= BASE && s.length === 17 ? s : null;
  if (!/^[0-9a-zA-Z]{3,20}$/.test(s)) return null;
  const type = dec(s.slice(0, 2));
  const counter = dec(s.slice(2));
  if (type === null || counter === null || type < 0n || type > 999n || counter < 0n || counter >= TYPE_FACTOR) return null;
  return (BASE + type * TYPE_FACTOR + counter).toString();
}
