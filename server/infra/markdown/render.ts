import { createRequire } from 'node:module';
import { decodeHTML } from 'entities';
import {
  HIGHLIGHT_MAX_CHARS,
  HIGHLIGHT_MAX_LINE,
  HIGHLIGHT_MAX_TOTAL,
  makeRenderer,
  RENDER_WORK_LIMITS,
  type RenderOptions,
} from './render-core.js';
import { DEFAULT_RENDER_POOL, RenderPool, type RenderMeter, type RenderPoolOptions } from './render-pool.js';
import { DEFAULT_RENDER_SHARE, RenderShares, type RenderShareLimit } from './render-share.js';

const EXCERPT_SCAN = 16384;

/**
 * The class of the section holding an imported post's attribution (author, original link, licence):
 * shown under the post, left out of excerpts. Only the importer's own credit line keeps it.
 */
export const ATTRIBUTION_CLASS = 'post-attribution';
const ATTRIBUTION_START = `<section class="${ATTRIBUTION_CLASS}">`;

/** User ids are prefixed so a post cannot take (or style itself as) one of the layout's ids. */
export const USER_ID_PREFIX = 'user-content-';

/** The limits and names every renderer of posts runs with (the request thread's and the workers'). */
export const RENDER_LIMITS = {
  maxChars: HIGHLIGHT_MAX_CHARS,
  maxLine: HIGHLIGHT_MAX_LINE,
  maxTotal: HIGHLIGHT_MAX_TOTAL,
  attributionClass: ATTRIBUTION_CLASS,
  idPrefix: USER_ID_PREFIX,
  work: RENDER_WORK_LIMITS,
};

// The request thread's renderer: small texts, titles, and the site's own texts. highlight.js and
// pinyin-pro (about 250 ms of a cold start together) load on first use, once per process.
const mainRenderer = makeRenderer(createRequire(import.meta.url), RENDER_LIMITS);

let pool: RenderPool | undefined;
let poolOptions: RenderPoolOptions = DEFAULT_RENDER_POOL;
let shares = new RenderShares(DEFAULT_RENDER_SHARE);

/** Sets each member's share of the render workers (forgets what members have used so far). */
export function configureRenderShare(limit: RenderShareLimit): void {
  shares = new RenderShares(limit);
}

/** Whether a member (`account`) has a render in flight. */
export function renderBusy(account: string): boolean {
  return shares.busy(account);
}

/** 0 when a member may render now, else the seconds until their share of worker time is positive again. */
export function renderRetryAfter(account: string): number {
  return shares.retryAfter(account);
}

/** Sets the render workers' size and limits (before the first render; a running pool is replaced). */
export async function configureRenderPool(options: Partial<RenderPoolOptions>): Promise<void> {
  poolOptions = Object.freeze({ ...poolOptions, ...options });
  const old = pool;
  pool = undefined;
  await old?.close();
}

/** Stops the render workers (they do not keep the process alive; the next render starts them again). */
export async function closeRenderPool(): Promise<void> {
  const old = pool;
  pool = undefined;
  await old?.close();
}

/** Texts rendered on the request thread: at most this long, with no code fence and no table. */
export const INLINE_MAX_CHARS = 512;
const FENCE = /^ {0,3}(```|~~~)/m;

/**
 * Whether a text is cheap to render on the request thread: short, no fenced code, no table (the
 * costliest shapes; measured worst at 512 characters: about 2 ms, tables 5-7 ms).
 */
function cheap(source: string): boolean {
  return source.length <= INLINE_MAX_CHARS && !source.includes('|') && !FENCE.test(source);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A text shown as it was written: paragraphs of escaped text (what a render that ran out of time gives). */
export function plainTextHtml(source: string): string {
  return source
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br />\n')}</p>`)
    .join('\n');
}

export interface RenderMarkdownOptions extends RenderOptions {
  /** The render's deadline in a worker (ms); the pool's by default (2 s). */
  deadlineMs?: number;
  /**
   * The member the render is for (their user id): it waits for that member's render in flight
   * and its worker time is charged to their share (renderRetryAfter).
   */
  account?: string;
}

/**
 * Renders user markdown to sanitised HTML with highlighted code blocks, bounded in time whatever the
 * input. A short text renders on the request thread; others in a render worker with a deadline. A
 * render past it is stopped; one with highlighted code is tried once more without highlighting, and
 * if that too runs out the text is shown escaped (plainTextHtml).
 */
export async function renderMarkdown(source: string, options: RenderMarkdownOptions = {}): Promise<string> {
  const { deadlineMs, account, ...render } = options;
  if (cheap(source)) return mainRenderer.render(source, render);
  if (account === undefined) return renderInWorker(source, render, deadlineMs, { ms: 0 });
  return shares.run(account, async () => {
    const meter = { ms: 0 };
    const html = await renderInWorker(source, render, deadlineMs, meter);
    return [html, meter.ms];
  });
}

async function renderInWorker(source: string, render: RenderOptions, deadlineMs: number | undefined, meter: RenderMeter): Promise<string> {
  pool ??= new RenderPool(poolOptions, RENDER_LIMITS);
  const html = await pool.render(source, render, deadlineMs, meter);
  if (html !== null) return html;
  if (render.highlight !== false && FENCE.test(source)) {
    const plainCode = await pool.render(source, { ...render, highlight: false }, deadlineMs, meter);
    if (plainCode !== null) return plainCode;
  }
  return plainTextHtml(source);
}

/**
 * Renders on the calling thread: only for the site's own texts (the default legal texts), never for
 * what a member or a dump wrote (renderMarkdown bounds their time).
 */
export function renderTrustedMarkdown(source: string): string {
  return mainRenderer.render(source);
}

/**
 * Whether an edit keeps an imported post's credit line: the earlier text ended with the importer's
 * attribution section and the new one ends with the very same text from the marker on. Only then is
 * the edit rendered with `attribution: true`.
 */
export function keepsAttribution(previous: string | null | undefined, next: string): boolean {
  if (!previous) return false;
  const at = previous.lastIndexOf(ATTRIBUTION_START);
  if (at < 0) return false;
  const tail = previous.slice(at);
  return next.endsWith(tail) && next.length >= tail.length;
}

/** Whether rendered HTML shows nothing: no text and no image. */
export function isBlankHtml(html: string): boolean {
  return !html.replace(/<[^>]*>/g, '').trim() && !/<img/i.test(html);
}

/** Plain text of rendered HTML, whitespace collapsed, cut to `max` characters with "...". */
export function htmlToExcerpt(html: string, max = 240): string {
  // Lists show an excerpt of every item: the HTML is our own sanitised output, so its tags can be
  // dropped by pattern (a parser per item cost a tenth of a list request at 100k questions), and
  // only its beginning is read (enough for `max` characters of text in all but tag-only posts).
  let head = html.length > EXCERPT_SCAN ? html.slice(0, EXCERPT_SCAN) : html;
  const attribution = head.indexOf(ATTRIBUTION_START);
  if (attribution >= 0) head = head.slice(0, attribution);
  const text = decodeHTML(head.replace(/<pre[\s\S]*?(<\/pre>|$)/gi, ' {code...} ').replace(/<[^>]*(>|$)/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** The URL slug of a title (url_title): Chinese to pinyin, accents stripped, [a-z0-9-], at most 150 bytes. */
export function urlTitle(title: string): string {
  return mainRenderer.urlTitle(title);
}
