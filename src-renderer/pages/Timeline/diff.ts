import { diffArrays, diffLines, type ChangeObject } from 'diff';

/** One piece of a comparison: kept, added or removed text. */
export interface DiffPart {
  op: 'same' | 'add' | 'del';
  text: string;
}

/**
 * Largest edit (tokens added plus removed) that jsdiff (Myers' algorithm, time about the texts'
 * length times the edit) looks for before it gives up; a bigger change is compared by coarser
 * pieces instead (words, then lines, then whole texts).
 */
const MAX_EDIT = 500;

/** jsdiff's changes as parts (it gives the removed before the added of each changed run). */
function partsOf(changes: ChangeObject<string>[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const c of changes) {
    if (c.value === '') continue;
    const op = c.added ? 'add' : c.removed ? 'del' : 'same';
    const last = out[out.length - 1];
    if (last && last.op === op) last.text += c.value;
    else out.push({ op, text: c.value });
  }
  return out;
}

/** The diff of two token lists (jsdiff's diffArrays), or undefined where it is larger than `maxEdit`. */
function tokenDiff(a: string[], b: string[], maxEdit: number): DiffPart[] | undefined {
  const changes = diffArrays(a, b, { maxEditLength: maxEdit });
  return changes && tidy(partsOf(changes.map((c) => ({ ...c, value: c.value.join('') }))));
}

/** What was added and removed between two token lists (joined, each side gives its tokens back). */
export function diffTokens(a: string[], b: string[]): DiffPart[] {
  return tokenDiff(a, b, Infinity)!;
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

/** The whole of one text replaced by the other. */
const replaced = (before: string, after: string): DiffPart[] =>
  [
    { op: 'del' as const, text: before },
    { op: 'add' as const, text: after },
  ].filter((p) => p.text !== '');

/**
 * What changed between two texts, word by word (jsdiff). Where the texts differ too much for that,
 * line by line (jsdiff's diffLines), and word by word inside each changed block that allows it;
 * texts that differ in most lines show as one replaced by the other.
 */
export function diffText(before: string, after: string): DiffPart[] {
  const byWord = tokenDiff(words(before), words(after), MAX_EDIT);
  if (byWord) return byWord;
  const byLineChanges = diffLines(before, after, { maxEditLength: MAX_EDIT });
  if (!byLineChanges) return replaced(before, after);
  const byLine = partsOf(byLineChanges);
  const out: DiffPart[] = [];
  for (let k = 0; k < byLine.length; k++) {
    const part = byLine[k];
    const next = byLine[k + 1];
    if (part.op === 'del' && next?.op === 'add') {
      out.push(...(tokenDiff(words(part.text), words(next.text), MAX_EDIT) ?? [part, next]));
      k++;
      continue;
    }
    out.push(part);
  }
  return out;
}
