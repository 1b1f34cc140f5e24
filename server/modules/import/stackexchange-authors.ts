import { createHash } from 'node:crypto';
import type { ImportReport } from '../../contract/api/import.js';
import type { DbOrTrx } from '../../db/database.js';
import { UNINDEXED_TRAILER } from '../../db/dialect/sqlite-search.js';
import { ATTRIBUTION_CLASS } from '../../infra/markdown/render.js';
import { recordImportedReputation } from '../personal/personal-common.service.js';
import { isValidUsername, usernameFromName } from '../user/user.accounts.js';
import { escapeMarkdown } from './html-to-markdown.js';
import type { DumpBatches } from './stackexchange-batches.js';
import { licence, type Site } from './stackexchange-common.js';
import type { IdMap, ImportedUser } from './stackexchange-ids.js';
import * as repo from './stackexchange.repository.js';
import type { CommentRow } from './stackexchange.schema.js';

/** The source key of a dump row: `<host>/<kind>/<id>` (kind u, n, q, a, c, b). */
export function sourceKey(site: Site, kind: string, id: string | number): string {
  return `${site.host}/${kind}/${id}`;
}

/** A markdown credit of an author: a link to their profile on the site, or their name alone. */
function credit(site: Site, author: { name: string; seId: number | null }): string {
  return author.seId !== null ? `[${escapeMarkdown(author.name)}](${site.url}/users/${author.seId})` : escapeMarkdown(author.name);
}

/** The attribution line under an imported post: author, original link, licence (shown, not indexed for search). */
export function attribution(
  site: Site,
  kind: 'q' | 'a',
  seId: number,
  author: { name: string; seId: number | null },
  created: number,
): string {
  return `\n\n${UNINDEXED_TRAILER}\n\n<section class="${ATTRIBUTION_CLASS}">\n\n---\n\n*Originally posted by ${credit(site, author)} on [${site.host}](${site.url}/${kind}/${seId}), licensed under ${licence(created)}.*\n\n</section>`;
}

/** An imported comment's text: the comment, then its author, link and licence. */
export function commentText(site: Site, c: CommentRow, author: { name: string; seId: number | null }): string {
  return `${c.Text} — *${credit(site, author)} on [${site.host}](${site.url}/posts/comments/${c.Id}), ${licence(c.CreationDate)}*`;
}

/** What an account is made from: Users.xml's fields, or only a name and date for an author it lacks. */
export interface NewUser {
  name: string;
  created: number;
  rank?: number;
  lastSeen?: number;
  bioHtml?: string;
  website?: string;
  location?: string;
}

/** The accounts of the dump's authors: made from Users.xml, or on first sight of an author it lacks. */
export class Authors {
  constructor(
    private readonly site: Site,
    private readonly ids: IdMap,
    private readonly batches: DumpBatches,
    private readonly report: ImportReport,
  ) {}

  /**
   * The author a row will have, as `author` makes it: the account known before the batch, else the
   * names earlier rows of the batch may have given it (`pending`, by key) and its own; so texts
   * crediting an author can be rendered before the transaction.
   */
  candidates(userId: number | undefined, displayName: string | undefined, pending: Map<string, Set<string>>) {
    const key = userId !== undefined ? `u/${userId}` : `n/${displayName?.trim() || 'anonymous'}`;
    const known = this.ids.users.get(key);
    if (known) return [known];
    const name = displayName?.trim() || (userId !== undefined ? `user${userId}` : 'anonymous');
    const names = pending.get(key) ?? new Set<string>();
    names.add(name);
    pending.set(key, names);
    return [...names].map((n) => ({ name: n, seId: userId ?? null }));
  }

  private freeUsername(displayName: string, seId: number | string): string {
    const taken = this.ids.usernames;
    const base = usernameFromName(displayName).slice(0, 30);
    const candidates = [base, `${base.slice(0, 20)}-${seId}`, `user${seId}`, `se-${seId}`].filter((c) => isValidUsername(c));
    for (const c of candidates) if (!taken.has(c)) return c;
    for (let i = 2; ; i++) {
      const c = `se-${String(seId).slice(0, 20)}-${i}`;
      if (!taken.has(c)) return c;
    }
  }

  /** Makes the account of `key` (`u/<id>` or `n/<name>`), inside a row's savepoint; the id map learns it once the row is in. */
  async create(t: DbOrTrx, key: string, seId: number | null, u: NewUser): Promise<number> {
    const displayName = u.name.trim().slice(0, 30) || `user${seId ?? ''}`;
    const username = this.freeUsername(displayName, seId ?? createHash('sha1').update(u.name).digest('hex').slice(0, 8));
    const mailPart = seId !== null ? `user-${seId}` : `name-${createHash('sha1').update(u.name).digest('hex').slice(0, 12)}`;
    const bio = u.bioHtml ? this.batches.toMarkdown(u.bioHtml) : '';
    const website = u.website && /^https?:\/\/\S+$/i.test(u.website) && u.website.length <= 512 ? u.website : '';
    this.ids.usernames.add(username);
    const id = await repo.insertImportedUser(t, {
      username,
      display_name: displayName,
      e_mail: `se-${mailPart}@${this.site.host}.invalid`,
      rank: Math.max(1, u.rank ?? 1),
      created_at: u.created,
      last_login_date: u.lastSeen ?? 0,
      bio,
      bio_html: bio ? await this.batches.renders.html(bio) : '',
      website,
      location: (u.location ?? '').trim().slice(0, 100),
    });
    await repo.markImported(t, String(id), sourceKey(this.site, key.split('/')[0], key.slice(2)), u.created);
    await recordImportedReputation(t, id, Math.max(1, u.rank ?? 1), Math.floor(Date.now() / 1000));
    this.batches.afterRow(() => this.ids.users.set(key, { id, name: u.name.trim() || displayName, seId }));
    return id;
  }

  /** The account of a post's or comment's author, made on first sight when Users.xml did not have it. */
  async of(t: DbOrTrx, userId: number | undefined, displayName: string | undefined, created: number): Promise<ImportedUser> {
    if (userId !== undefined) {
      const key = `u/${userId}`;
      const known = this.ids.users.get(key);
      if (known) return known;
      const name = displayName?.trim() || `user${userId}`;
      const id = await this.create(t, key, userId, { name, created });
      this.batches.afterRow(() => (this.report.placeholderUsers += 1));
      return { id, name, seId: userId };
    }
    const name = displayName?.trim() || 'anonymous';
    const key = `n/${name}`;
    const known = this.ids.users.get(key);
    if (known) return known;
    const id = await this.create(t, key, null, { name, created });
    this.batches.afterRow(() => (this.report.placeholderUsers += 1));
    return { id, name, seId: null };
  }
}
