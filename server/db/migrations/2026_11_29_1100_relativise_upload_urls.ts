import type { Kysely } from 'kysely';

// Uploads were stored as absolute URLs built from the site URL of the moment
// (`http://127.0.0.1:9080/uploads/post/<name>.png`), so every picture and avatar made before the LAN
// was switched on, or before the computer's address changed, broke for every other address. Since
// this migration they are stored site-relative (`/uploads/post/<name>.png`); this rewrites the ones
// already stored.
//
// A URL is rewritten only when both hold:
// - its path is an upload path of this site: `<path>/uploads/<post|avatar|branding|files/post>/`
//   then a generated name (24 hex digits and jpg, png, gif or webp), nothing else after it but a
//   query or fragment;
// - its origin was this site's: the stored site URL's host and port, a loopback address (127.x,
//   localhost, ::1: only this machine serves there), or any origin when file_record holds that very
//   path (a name of 96 random bits that this site generated).
// The path before /uploads/ is kept (a site URL with a path stored it there); only the origin goes.
// In texts only references are rewritten (markdown link and image destinations, quoted HTML
// attributes, reference definitions, CSS url()); a bare URL in running text (or in parentheses, or in
// another URL's query) stays, as a relative path there would stop being a link. Foreign pictures (https://i.stack.imgur.com/..., another host's /uploads/ of
// other names) are left alone. Frozen: the shapes are written out here, not imported.

const NAME = String.raw`(?:post|avatar|branding|files/post)/[a-f0-9]{24}\.(?:jpg|png|gif|webp)`;
const ORIGIN = String.raw`(?<origin>https?://[A-Za-z0-9.:[\]-]+)(?<prefix>(?:/[A-Za-z0-9._~-]+)*?)/uploads/(?<rel>${NAME})`;
const IN_TEXT = new RegExp(String.raw`(?<=\]\(<?|url\(["']?|=["']|=\\"|\]:[ \t]{0,3})${ORIGIN}(?!\.?[A-Za-z0-9_~%/-])`, 'g');
const VALUE = new RegExp(String.raw`^${ORIGIN}(?<rest>[?#]\S*)?$`);
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|::1)$/;

/** The plain texts that may name an upload, per table (keyed by `key`). */
const TEXT_COLUMNS: { table: string; key: string; columns: string[] }[] = [
  { table: 'question', key: 'id', columns: ['original_text', 'parsed_text'] },
  { table: 'answer', key: 'id', columns: ['original_text', 'parsed_text'] },
  { table: 'comment', key: 'id', columns: ['original_text', 'parsed_text'] },
  { table: 'tag', key: 'id', columns: ['original_text', 'parsed_text'] },
  // a revision's content is its snapshot as JSON: its texts' references read the same inside it
  { table: 'revision', key: 'id', columns: ['content'] },
  { table: 'user', key: 'id', columns: ['bio', 'bio_html'] },
  { table: 'report', key: 'id', columns: ['content', 'flagged_content'] },
];
const PAGE = 500;

interface Site {
  host: string | null;
  recorded: Set<string>;
}

function isOwn(site: Site, origin: string, rel: string): boolean {
  let u: URL;
  try {
    u = new URL(`${origin}/`);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (site.recorded.has(rel)) return true;
  if (site.host !== null && u.host === site.host) return true;
  return LOOPBACK.test(u.hostname.replace(/^\[|\]$/g, '').toLowerCase());
}

/** A text with this site's absolute upload references made site-relative. */
export function relativeInText(site: Site, text: string): string {
  if (!text.includes('/uploads/')) return text;
  return text.replace(IN_TEXT, (whole, ...args) => {
    const g = args[args.length - 1] as { origin: string; prefix: string; rel: string };
    return isOwn(site, g.origin, g.rel) ? `${g.prefix}/uploads/${g.rel}` : whole;
  });
}

/** A URL value made site-relative when it is one of this site's uploads. */
export function relativeValue(site: Site, value: string): string {
  const m = VALUE.exec(value);
  if (!m?.groups || !isOwn(site, m.groups.origin, m.groups.rel)) return value;
  return `${m.groups.prefix}/uploads/${m.groups.rel}${m.groups.rest ?? ''}`;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

async function siteOf(db: Kysely<any>): Promise<Site> {
  const general = await db.selectFrom('site_info').select('content').where('type', '=', 'general').executeTakeFirst();
  const siteUrl = (parseJson(String(general?.content ?? '')) as { site_url?: unknown } | undefined)?.site_url;
  let host: string | null = null;
  try {
    if (typeof siteUrl === 'string' && siteUrl.trim()) host = new URL(siteUrl.trim()).host;
  } catch {
    host = null;
  }
  const rows = await db.selectFrom('file_record').select('file_path').execute();
  return { host, recorded: new Set(rows.map((r) => String(r.file_path))) };
}

/** Rewrites a table's columns, a page of rows that mention /uploads/ at a time. */
async function rewriteRows(
  db: Kysely<any>,
  t: { table: string; key: string; columns: string[] },
  rewrite: (column: string, value: string) => string,
): Promise<void> {
  let after: unknown = null;
  for (;;) {
    let q = db
      .selectFrom(t.table)
      .select([t.key, ...t.columns])
      .where((eb) => eb.or(t.columns.map((c) => eb(c, 'like', '%/uploads/%'))));
    if (after !== null) q = q.where(t.key, '>', after);
    const rows = (await q.orderBy(t.key).limit(PAGE).execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const set: Record<string, string> = {};
      for (const c of t.columns) {
        const v = row[c];
        if (typeof v !== 'string') continue;
        const next = rewrite(c, v);
        if (next !== v) set[c] = next;
      }
      if (Object.keys(set).length) await db.updateTable(t.table).set(set).where(t.key, '=', row[t.key]).execute();
    }
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1][t.key];
  }
}

/** An avatar column: JSON {type, gravatar, custom} (custom rewritten) or a legacy bare URL. */
function relativeAvatar(site: Site, raw: string): string {
  const v = parseJson(raw);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const a = v as Record<string, unknown>;
    if (typeof a.custom !== 'string') return raw;
    const custom = relativeValue(site, a.custom);
    return custom === a.custom ? raw : JSON.stringify({ ...a, custom });
  }
  return relativeValue(site, raw);
}

/** A settings group: branding's URLs as values, the legal texts and custom HTML as texts. */
function relativeSettings(site: Site, type: string, raw: string): string {
  const v = parseJson(raw);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return raw;
  const group = v as Record<string, unknown>;
  let changed = false;
  for (const [k, value] of Object.entries(group)) {
    if (typeof value !== 'string') continue;
    const next = type === 'branding' ? relativeValue(site, value) : relativeInText(site, value);
    if (next !== value) {
      group[k] = next;
      changed = true;
    }
  }
  return changed ? JSON.stringify(group) : raw;
}

export async function up(db: Kysely<any>): Promise<void> {
  const site = await siteOf(db);
  for (const t of TEXT_COLUMNS) await rewriteRows(db, t, (_c, v) => relativeInText(site, v));
  await rewriteRows(db, { table: 'user', key: 'id', columns: ['avatar'] }, (_c, v) => relativeAvatar(site, v));
  await rewriteRows(db, { table: 'file_record', key: 'id', columns: ['file_url'] }, (_c, v) => relativeValue(site, v));
  const groups = await db
    .selectFrom('site_info')
    .select(['type', 'content'])
    .where('type', 'in', ['branding', 'legal', 'css-html'])
    .execute();
  for (const g of groups) {
    const next = relativeSettings(site, String(g.type), String(g.content));
    if (next !== g.content) await db.updateTable('site_info').set({ content: next }).where('type', '=', g.type).execute();
  }
}

/** Nothing to undo: a site-relative reference works at every address, and the old origin is not kept. */
export async function down(_db: Kysely<any>): Promise<void> {}
