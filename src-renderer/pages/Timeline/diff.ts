/** One piece of a comparison: kept, added or removed text. */
export interface DiffPart {
  op: 'same' | 'add' | 'del';
  text: string;
}

/** Longest-common-subsequence diff of two token lists (fine for the few hundred tokens of a post). */
export function diffTokens(a: string[], b: string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  // lengths of the common subsequences of a[i..] and b[j..]
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const out: DiffPart[] = [];
  const push = (op: DiffPart['op'], text: string) => {
    const last = out[out.length - 1];
    if (last && last.op === op) last.text += text;
    else out.push({ op, text });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push('same', a[i]);
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) push('del', a[i++]);
    else push('add', b[j++]);
  }
  while (i < n) push('del', a[i++]);
  while (j < m) push('add', b[j++]);
  return tidy(out);
}

/**
 * Joins changes separated only by spaces into one removed and one added run ("do I" rather than
 * "do", " ", "I"), which reads better.
 */
function tidy(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let k = 0;
  while (k < parts.length) {
    if (parts[k].op === 'same') {
      out.push(parts[k++]);
      continue;
    }
    let del = '';
    let add = '';
    while (k < parts.length) {
      const p = parts[k];
      if (p.op === 'del') del += p.text;
      else if (p.op === 'add') add += p.text;
      else if (/^\s+$/.test(p.text) && k + 1 < parts.length && parts[k + 1].op !== 'same') {
        del += p.text;
        add += p.text;
      } else break;
      k++;
    }
    // spaces both sides end with are kept text
    const tail = /\s+$/.exec(del)?.[0] ?? '';
    const shared = tail && add.endsWith(tail) && del.length > tail.length && add.length > tail.length ? tail : '';
    if (del) out.push({ op: 'del', text: del.slice(0, del.length - shared.length) });
    if (add) out.push({ op: 'add', text: add.slice(0, add.length - shared.length) });
    if (shared) {
      const next = parts[k];
      if (next?.op === 'same') parts[k] = { op: 'same', text: shared + next.text };
      else out.push({ op: 'same', text: shared });
    }
  }
  return out;
}

/** Words and the spaces between them, so that joining the tokens gives the text back. */
export const words = (s: string): string[] => s.split(/(\s+)/).filter((x) => x !== '');

/** Lines with their line breaks. */
export const lines = (s: string): string[] => s.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** Largest token product compared word by word; longer texts are compared line by line. */
const WORD_BUDGET = 250_000;

/**
 * What changed between two texts: line by line, and word by word inside each changed block of a
 * moderate size.
 */
export function diffText(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  if (a.length * b.length <= WORD_BUDGET) return diffTokens(a, b);
  const byLine = diffTokens(lines(before), lines(after));
  const out: DiffPart[] = [];
  for (let k = 0; k < byLine.length; k++) {
    const part = byLine[k];
    const next = byLine[k + 1];
    if (part.op === 'del' && next?.op === 'add') {
      const wa = words(part.text);
      const wb = words(next.text);
      if (wa.length * wb.length <= WORD_BUDGET) {
        out.push(...diffTokens(wa, wb));
        k++;
        continue;
      }
    }
    out.push(part);
  }
  return out;
}
