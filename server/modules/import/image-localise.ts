import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { DbOrTrx } from '../../db/database.js';
import { sniffImage, stripMetadata } from '../upload/upload.images.js';
import { recordStoredFile, writeWhole } from '../upload/upload.service.js';
import { fetchRemote, type FetchLimits } from './image-fetch.js';
import { importedPostsWithLinks, updatePostTexts, type PostText } from './image-fetch.repository.js';

/** The bounds of fetching an import's images: 4 MB an image (the upload limit), 15 s each, 4 at a time. */
export const IMAGE_FETCH_DEFAULTS = { maxBytes: 4 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 3, concurrency: 4 } as const;

/** What to fetch for and where to put it. */
export interface LocaliseOptions {
  /** The host the dump came from (posts marked as imported from it are read). */
  host: string;
  /** The uploads folder and the base path local URLs start with. */
  uploadsDir: string;
  basePath: string;
  now: number;
  limits?: Partial<FetchLimits>;
  concurrency?: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
  progress?: (posts: number) => void;
}

/** What the pass did. */
export interface LocaliseReport {
  posts: number;
  images: number;
  stored: number;
  failed: number;
}

const URL_END = String.raw`(?![^\s)"'<>\]])`;

/** The http(s) image addresses of a markdown text: ![..](url), ![..][ref] with its [ref]: url, and <img src="url">. */
export function remoteImageUrls(markdown: string): string[] {
  const found = new Set<string>();
  for (const m of markdown.matchAll(/!\[[^\]]*\]\(\s*<?(https?:\/\/[^\s)>]+)/gi)) found.add(m[1]);
  for (const m of markdown.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi)) found.add(m[1]);
  const defs = new Map<string, string>();
  for (const m of markdown.matchAll(/^ {0,3}\[([^\]]+)\]:\s*<?(https?:\/\/[^\s>]+)/gim)) defs.set(m[1].trim().toLowerCase(), m[2]);
  for (const m of markdown.matchAll(/!\[([^\]]*)\]\[([^\]]*)\]/g)) {
    const url = defs.get((m[2] || m[1]).trim().toLowerCase());
    if (url) found.add(url);
  }
  return [...found];
}

/** `text` with each whole occurrence of a fetched address (also &-escaped, as in HTML) replaced by its local one. */
export function rewriteUrls(text: string, local: Map<string, string>): string {
  let out = text;
  // longest first, and only whole addresses: one address can begin another
  for (const [url, to] of [...local].sort((a, b) => b[0].length - a[0].length)) {
    for (const form of new Set([url, url.replaceAll('&', '&amp;')])) {
      out = out.replace(new RegExp(form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + URL_END, 'g'), () => to);
    }
  }
  return out;
}

/** At most `n` of the returned function's tasks run at once. */
function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** Writes a fetched image whole (upload.service's writeWhole), making its folder first. */
async function writeImage(target: string, bytes: Buffer): Promise<void> {
  await mkdir(resolve(target, '..'), { recursive: true });
  await writeWhole(target, bytes);
}

/**
 * Fetches the remote images named by the posts an import of `host` wrote, stores each as a local
 * upload (a real JPEG, PNG, GIF or WebP, metadata stripped) and points the posts at it. An image
 * that cannot be fetched keeps its remote address (shown after a click on sites that ask first).
 */
export async function localiseImportedImages(db: DbOrTrx, opts: LocaliseOptions): Promise<LocaliseReport> {
  const limits: FetchLimits = { ...IMAGE_FETCH_DEFAULTS, ...opts.limits };
  const run = limiter(opts.concurrency ?? IMAGE_FETCH_DEFAULTS.concurrency);
  const log = opts.log ?? (() => {});
  const fetched = new Map<string, Promise<string | null>>();
  const report: LocaliseReport = { posts: 0, images: 0, stored: 0, failed: 0 };

  const localCopy = (url: string, userId: number): Promise<string | null> =>
    run(async () => {
      try {
        const bytes = await fetchRemote(url, limits);
        const image = await sniffImage(bytes);
        if (!image) throw new Error('not a JPEG, PNG, GIF or WebP image');
        const stored = stripMetadata(bytes, image.ext);
        const relPath = `post/${randomBytes(12).toString('hex')}.${image.ext}`;
        await writeImage(resolve(opts.uploadsDir, relPath), stored);
        const fileUrl = `${opts.basePath}/uploads/${relPath}`;
        const name = basename(new URL(url).pathname).slice(0, 255) || 'image';
        await recordStoredFile(db, {
          user_id: userId,
          file_url: fileUrl,
          file_path: relPath,
          file_name: name,
          mime_type: image.mime,
          size: stored.length,
          source: 'post',
          now: opts.now,
        });
        report.stored++;
        return fileUrl;
      } catch (err) {
        report.failed++;
        log(`image not fetched: ${url}: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    });

  const localise = async (table: 'question' | 'answer', post: PostText) => {
    const urls = remoteImageUrls(post.original_text);
    if (!urls.length) return;
    const local = new Map<string, string>();
    for (const url of urls) {
      if (!fetched.has(url)) {
        report.images++;
        fetched.set(url, localCopy(url, post.user_id));
      }
      const to = await fetched.get(url)!;
      if (to) local.set(url, to);
    }
    if (!local.size) return;
    await updatePostTexts(db, table, post.id, rewriteUrls(post.original_text, local), rewriteUrls(post.parsed_text, local));
    report.posts++;
  };

  for (const table of ['question', 'answer'] as const) {
    let after = '';
    for (;;) {
      if (opts.signal?.aborted) return report;
      const page = await importedPostsWithLinks(db, table, opts.host, after, 200);
      if (!page.length) break;
      await Promise.all(page.map((p) => localise(table, p)));
      after = page[page.length - 1].id;
      opts.progress?.(report.posts);
    }
  }
  return report;
}
