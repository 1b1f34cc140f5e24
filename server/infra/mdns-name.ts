import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';

/** The file in the data dir that keeps the chosen `.local` name across restarts. */
export const MDNS_NAME_FILE = 'mdns-name.json';

/** A DNS label is 63 bytes at most; room is left for a `-NN` suffix. */
const MAX_BASE = 59;

/**
 * The host label derived from a site name: lowercase a-z, 0-9 and '-', accents dropped, spaces,
 * dots and underscores made hyphens, anything else left out ("Team Q&A" -> "team-qa").
 * Empty (a name of only symbols or another script) -> "lantern".
 */
export function hostLabelFor(siteName: string): string {
  const label = siteName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s._]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .slice(0, MAX_BASE)
    .replace(/^-+|-+$/g, '');
  return label || 'lantern';
}

/** The n-th candidate for a base label: base, base-2, base-3, ... */
export function candidateLabel(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}

/**
 * Candidates in the order they are tried: the stored choice first when it was made for this base
 * (a name that became `team-qa-2` stays so), then base, base-2, ... up to `count`.
 */
export function candidateLabels(base: string, stored: string | null, count = 20): string[] {
  const list = Array.from({ length: count }, (_, i) => candidateLabel(base, i + 1));
  if (stored && (stored === base || stored.startsWith(`${base}-`)) && /^[a-z0-9-]{1,63}$/.test(stored))
    return [stored, ...list.filter((c) => c !== stored)];
  return list;
}

/** The label chosen at an earlier start, or null. */
export function readStoredLabel(dataDir: string): string | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, MDNS_NAME_FILE), 'utf8')) as { host?: unknown };
    return typeof parsed.host === 'string' ? parsed.host : null;
  } catch {
    return null;
  }
}

/** Keeps the chosen label for the next start (written whole, then renamed). */
export function storeLabel(dataDir: string, label: string): void {
  const file = join(dataDir, MDNS_NAME_FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify({ host: label })}\n`);
  renameSync(`${file}.tmp`, file);
}

/**
 * A DNS-SD instance name from a site name: dots would split the label, so they become U+2024 (one
 * dot leader, which looks the same); at most 63 bytes.
 */
export function instanceLabelFor(siteName: string): string {
  let label = siteName.replace(/\./g, '\u2024').trim() || 'Lantern';
  while (Buffer.byteLength(label) > 63) label = label.slice(0, -1);
  return label;
}
