import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ArchiveWriter } from './html-writer.js';
import { nextTurn } from '../../infra/next-turn.js';

// The archive's full-text index, for a search in the browser from file:// (where fetch() and XHR of
// files are refused): the terms are sharded by their first two characters into JS files that hand
// their part to LanternSearch.shard(), so a search loads (by <script>) only the shards of its words.
// Question titles and paths sit in chunks of DOC_CHUNK, loaded the same way for the results shown.
// While exporting, postings are spilled to temporary files per shard, so memory stays bounded.

/** Questions per chunk of the results' titles. */
export const DOC_CHUNK = 500;
/** Where the index lives in the archive. */
export const INDEX_DIR = 'search';
const SPILL_BYTES = 8 * 1024 * 1024;

/**
 * The words of a text as the index stores them: lower-cased, accents dropped, letters and digits of
 * two characters or more; Chinese, Japanese and Korean runs as overlapping pairs of characters.
 * Self-contained: its source is also written into the archive's search script, so a query is split
 * exactly as the pages were.
 */
export function archiveTerms(text: string): string[] {
  const out: string[] = [];
  const words =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}_]+/gu) ?? [];
  for (const word of words) {
    const parts = word.split(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)/u);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (!part) continue;
      if (i % 2 === 1) {
        const chars = Array.from(part);
        if (chars.length === 1) out.push(part);
        for (let j = 0; j + 1 < chars.length; j++) out.push(chars[j] + chars[j + 1]);
      } else if (part.length >= 2 && part.length <= 40) out.push(part);
    }
  }
  return out;
}

/** The shard a term is in: its first two characters, a-z and 0-9 as they are, others as x<hex>_. Self-contained (see archiveTerms). */
export function shardKey(term: string): string {
  return Array.from(term)
    .slice(0, 2)
    .map((c) => (/^[a-z0-9]$/.test(c) ? c : `x${c.codePointAt(0)!.toString(16)}_`))
    .join('');
}

/** One question in the index: its number (stable while no older question goes), path, title and counts. */
export interface IndexedDoc {
  num: number;
  path: string;
  title: string;
  votes: number;
  answers: number;
  titleText: string;
  bodyText: string;
}

/** Builds the index while the questions go by (in descending doc numbers), then writes it. */
export class SearchIndexBuilder {
  private readonly spill: string;
  private buffers = new Map<string, string[]>();
  private buffered = 0;
  private chunk: { n: number; docs: unknown[] } | null = null;

  constructor(private readonly writer: ArchiveWriter) {
    this.spill = join(writer.outDir, '.index-spill');
    rmSync(this.spill, { recursive: true, force: true });
    mkdirSync(this.spill, { recursive: true });
  }

  /** Adds a question's words and its entry in the results' chunk. */
  add(doc: IndexedDoc): void {
    const title = new Set(archiveTerms(doc.titleText));
    const all = new Set([...title, ...archiveTerms(doc.bodyText)]);
    for (const term of all) {
      const key = shardKey(term);
      let lines = this.buffers.get(key);
      if (!lines) this.buffers.set(key, (lines = []));
      const line = `${term}\t${doc.num}\t${title.has(term) ? 1 : 0}\n`;
      lines.push(line);
      this.buffered += line.length;
    }
    if (this.buffered > SPILL_BYTES) this.flush();
    const n = Math.floor(doc.num / DOC_CHUNK);
    if (this.chunk && this.chunk.n !== n) this.writeChunk();
    this.chunk ??= { n, docs: [] };
    this.chunk.docs[doc.num % DOC_CHUNK] = [doc.path, doc.title, doc.votes, doc.answers];
  }

  private flush(): void {
    for (const [key, lines] of this.buffers) appendFileSync(join(this.spill, `${key}.txt`), lines.join(''));
    this.buffers = new Map();
    this.buffered = 0;
  }

  private writeChunk(): void {
    if (!this.chunk) return;
    const docs = Array.from({ length: this.chunk.docs.length }, (_, i) => this.chunk!.docs[i] ?? null);
    this.writer.write(`${INDEX_DIR}/docs/${this.chunk.n}.js`, `LanternSearch.docs(${this.chunk.n},${jsonForScript(docs)});\n`);
    this.chunk = null;
  }

  /** Writes every shard and the last chunk, and the index's summary (shard keys and the highest doc number). */
  async finish(total: number): Promise<void> {
    this.flush();
    this.writeChunk();
    const keys: string[] = [];
    for (const file of readdirSync(this.spill).sort()) {
      await nextTurn(); // a shard of a large site takes tens of milliseconds: the server answers between two
      const key = file.replace(/\.txt$/, '');
      keys.push(key);
      this.writer.write(`${INDEX_DIR}/terms/${key}.js`, shardScript(key, readFileSync(join(this.spill, file), 'utf8')));
    }
    rmSync(this.spill, { recursive: true, force: true });
    this.writer.write(`${INDEX_DIR}/meta.js`, `LanternSearch.meta(${jsonForScript({ total, chunk: DOC_CHUNK, shards: keys })});\n`);
  }
}

/** A shard's script from its spilled lines: per term, the doc numbers with the word (descending, as deltas in base 36), and those with it in the title. */
function shardScript(key: string, spilled: string): string {
  const terms = new Map<string, { all: number[]; title: number[] }>();
  for (const line of spilled.split('\n')) {
    if (!line) continue;
    const [term, num, inTitle] = line.split('\t');
    let t = terms.get(term);
    if (!t) terms.set(term, (t = { all: [], title: [] }));
    t.all.push(Number(num));
    if (inTitle === '1') t.title.push(Number(num));
  }
  const out: Record<string, [string, string]> = {};
  for (const term of [...terms.keys()].sort()) {
    const t = terms.get(term)!;
    out[term] = [deltas(t.all), deltas(t.title)];
  }
  return `LanternSearch.shard(${JSON.stringify(key)},${jsonForScript(out)});\n`;
}

function deltas(nums: number[]): string {
  const sorted = [...new Set(nums)].sort((a, b) => b - a);
  return sorted.map((n, i) => (i === 0 ? n : sorted[i - 1] - n).toString(36)).join(',');
}

/** JSON that is safe inside a script file (no </script>, no line separators that end a JS string). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
