import { access } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { AppContext } from '../../app-context.js';
import { normaliseSiteUrl } from '../config/site-url.js';
import { STORED_PATH_IN_TEXT, uploadsDir } from './upload.service.js';

// Uploads are stored referenced site-relative (`<base path>/uploads/post/<name>.png`), so that a
// picture loads from whatever address the visitor used: loopback on the desktop, a LAN address,
// the site URL behind a proxy. Only the upload endpoint answers an absolute URL (a stock Answer
// client puts it into markdown as it is), and what comes back is made relative again here.

/**
 * An absolute http(s) URL of an upload where a text refers to something: a markdown link or image
 * destination `](…)` or `](<…>)`, a quoted HTML attribute `="…"` (also escaped inside JSON, `=\"…`),
 * a reference definition `]: …` or CSS `url(…)`. A bare URL in running text (or in parentheses, or
 * in another URL's query) is left as written: a relative path there would no longer be a link.
 * Nothing may follow the name but a query, a fragment, a quote, a bracket or a sentence's end.
 */
const ABSOLUTE_IN_TEXT = new RegExp(
  String.raw`(?<=\]\(<?|url\(["']?|=["']|=\\"|\]:[ \t]{0,3})` +
    String.raw`(?<origin>https?://[A-Za-z0-9.:[\]-]+)(?<prefix>(?:/[A-Za-z0-9._~-]+)*?)/uploads/(?<rel>${STORED_PATH_IN_TEXT})(?!\.?[A-Za-z0-9_~%/-])`,
  'g',
);
/** The same URL as a whole value (an avatar's or a logo's), with an optional query or fragment. */
const ABSOLUTE_VALUE = new RegExp(
  String.raw`^(?<origin>https?://[A-Za-z0-9.:[\]-]+)(?<prefix>(?:/[A-Za-z0-9._~-]+)*?)/uploads/(?<rel>${STORED_PATH_IN_TEXT})(?<rest>[?#][^\s]*)?$`,
);

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|::1)$/;
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();
const portOf = (u: URL) => Number(u.port || (u.protocol === 'https:' ? 443 : 80));

/** What tells this site's upload URLs from others': its site URL, the addresses it is served on, its uploads folder. */
interface Own {
  basePath: string;
  site: URL | null;
  sitePath: string;
  /** The machine's interface addresses and the bound address (not 0.0.0.0). */
  hosts: Set<string>;
  boundPort: number;
  root: string;
}

async function ownOf(ctx: AppContext): Promise<Own> {
  const site = parseUrl(normaliseSiteUrl((await ctx.settings.get('general')).site_url ?? ''));
  const hosts = new Set<string>();
  for (const list of Object.values(ctx.host.networkInterfaces())) for (const i of list ?? []) hosts.add(bare(i.address.split('%')[0]));
  const bound = bare(ctx.binding.host);
  if (bound !== '0.0.0.0' && bound !== '::') hosts.add(bound);
  return {
    basePath: ctx.config.basePath,
    site,
    sitePath: site ? site.pathname.replace(/\/+$/, '') : '',
    hosts,
    boundPort: ctx.binding.port,
    root: resolve(uploadsDir(ctx)),
  };
}

function parseUrl(s: string): URL | null {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * Whether an absolute upload URL is this site's: its origin is the site URL's, a loopback address
 * or one of this machine's addresses at the port the server listens on (with the base path or the
 * site URL's path before /uploads/), or, from any origin, its file is in this site's uploads folder.
 */
async function isOwn(own: Own, origin: string, prefix: string, rel: string): Promise<boolean> {
  const u = parseUrl(origin + '/');
  if (!u || u.username || u.password) return false;
  const host = bare(u.hostname);
  const knownPrefix = prefix === '' || prefix === own.basePath || prefix === own.sitePath;
  if (knownPrefix) {
    if (own.site && u.host === own.site.host) return true;
    if ((LOOPBACK.test(host) || own.hosts.has(host)) && portOf(u) === own.boundPort) return true;
  }
  const target = resolve(own.root, rel);
  if (!target.startsWith(own.root + sep)) return false;
  return access(target).then(
    () => true,
    () => false,
  );
}

/** The stored (site-relative) reference of an upload: `<base path>/uploads/<folder>/<name>`. */
export function uploadRef(basePath: string, relPath: string): string {
  return `${basePath}/uploads/${relPath}`;
}

/**
 * A text (markdown, HTML, CSS) with every absolute URL of this site's uploads (see isOwn) made
 * site-relative where it is referred to; other URLs, foreign pictures included, stay as they are.
 * Called on what a service stores, before it is rendered.
 */
export async function relativeUploadRefs(ctx: AppContext, text: string): Promise<string> {
  if (!text.includes('/uploads/')) return text;
  const matches = [...text.matchAll(ABSOLUTE_IN_TEXT)];
  if (matches.length === 0) return text;
  const own = await ownOf(ctx);
  const keep = await Promise.all(matches.map((m) => isOwn(own, m.groups!.origin, m.groups!.prefix, m.groups!.rel)));
  let out = '';
  let at = 0;
  matches.forEach((m, i) => {
    if (!keep[i]) return;
    out += text.slice(at, m.index) + uploadRef(own.basePath, m.groups!.rel);
    at = m.index + m[0].length;
  });
  return out + text.slice(at);
}

/** A URL field (an avatar, a logo): site-relative when it is one of this site's uploads, else as it is. */
export async function relativeUploadUrl(ctx: AppContext, url: string): Promise<string> {
  const m = ABSOLUTE_VALUE.exec(url.trim());
  if (!m) return url;
  const own = await ownOf(ctx);
  if (!(await isOwn(own, m.groups!.origin, m.groups!.prefix, m.groups!.rel))) return url;
  return uploadRef(own.basePath, m.groups!.rel) + (m.groups!.rest ?? '');
}

/** An input with the named text fields passed through relativeUploadRefs (the others as they are). */
export async function relativeUploadFields<T extends object, K extends keyof T>(ctx: AppContext, input: T, keys: K[]): Promise<T> {
  const out = { ...input };
  for (const k of keys) {
    const v = out[k];
    if (typeof v === 'string') out[k] = (await relativeUploadRefs(ctx, v)) as T[K];
  }
  return out;
}

/**
 * The absolute URL the upload endpoint answers for a stored reference (Answer's UI puts it into the
 * markdown as it is): at the address the request came to (its Host header) when that host is one of
 * the site's (the site URL's host, loopback, one of this machine's addresses, the bound address),
 * else at the site URL; the reference itself when there is no site URL either.
 */
export async function absoluteUploadUrl(
  ctx: AppContext,
  req: { host: string | undefined; protocol: string },
  ref: string,
): Promise<string> {
  const own = await ownOf(ctx);
  // the site URL's path goes before /uploads/ when it has one (a proxy may map it onto the base path);
  // a site URL without one (set before the base path was) takes the base path
  const below = ref.startsWith(`${own.basePath}/uploads/`) ? ref.slice(own.basePath.length) : ref;
  const sitePrefix = own.sitePath || own.basePath;
  const asked = req.host ? parseUrl(`http://${req.host}/`) : null;
  if (asked && !asked.username && !asked.password && asked.pathname === '/') {
    const host = bare(asked.hostname);
    if (own.site && host === bare(own.site.hostname)) return `${own.site.protocol}//${asked.host}${sitePrefix}${below}`;
    if (LOOPBACK.test(host) || own.hosts.has(host)) return `${req.protocol === 'https' ? 'https' : 'http'}://${asked.host}${ref}`;
  }
  return own.site ? `${own.site.origin}${sitePrefix}${below}` : ref;
}
