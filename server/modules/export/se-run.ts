import type { Db } from '../../db/database.js';
import { nextTurn } from '../../infra/next-turn.js';
import type { DumpAuthor, DumpIds } from './se-ids.js';
import { bodyHtml, dumpLinks } from './se-markdown.js';
import type { RowAttrs } from './se-xml.js';

/** One export's state: where it writes, the id maps, its progress and stop signal. */
export interface DumpRun {
  db: Db;
  dir: string;
  ids: DumpIds;
  counts: Record<string, number>;
  progress: (line: string) => void;
  signal?: AbortSignal;
}

/** Thrown between pages when the export is stopped. */
export class ExportStopped extends Error {
  constructor() {
    super('The export was stopped.');
    this.name = 'ExportStopped';
  }
}

/** Between two pages: lets the server answer other requests, and stops when asked to. */
export async function nextPage(run: DumpRun): Promise<void> {
  await nextTurn();
  if (run.signal?.aborted) throw new ExportStopped();
}

/** An author's attributes (OwnerUserId or OwnerDisplayName, UserId or UserDisplayName); "anonymous" for an account not exported. */
export function authorAttrs(author: DumpAuthor | undefined, idName: string, nameName: string): RowAttrs {
  if (author && 'userId' in author) return { [idName]: author.userId };
  return { [nameName]: author?.displayName ?? 'anonymous' };
}

/** A markdown text as the dump's HTML, its links to this site's posts made the dump's. */
export function dumpHtml(run: DumpRun, markdown: string): string {
  return bodyHtml(dumpLinks(markdown, run.ids.host, (id) => run.ids.posts.get(id)));
}

/** A markdown text with its links to this site's posts made the dump's. */
export function dumpMarkdown(run: DumpRun, markdown: string): string {
  return dumpLinks(markdown, run.ids.host, (id) => run.ids.posts.get(id));
}
