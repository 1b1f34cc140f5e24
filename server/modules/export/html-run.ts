import type { AppContext } from '../../app-context.js';
import { nextTurn } from '../../infra/next-turn.js';
import type { ContentLinks } from './html-content.js';
import { tagsOfQuestions, usersByIds, type ArchiveQuestion, type ArchiveTag } from './html-export.repository.js';
import type { ArchiveSite, ListContext } from './html-pages.js';
import type { ArchiveWriter } from './html-writer.js';

/** Questions per list page. */
export const LIST_PAGE = 30;

/** What one export run shares between its steps. */
export interface ExportRun {
  ctx: AppContext;
  site: ArchiveSite;
  writer: ArchiveWriter;
  links: ContentLinks;
  progress: (line: string) => void;
  signal?: AbortSignal;
}

/**
 * Between two pages: lets the server answer other requests (the reads are synchronous), and stops the export when
 * its signal is aborted (between pages, so every written file is whole).
 */
export async function betweenPages(run: ExportRun): Promise<void> {
  await nextTurn();
  if (run.signal?.aborted) throw run.signal.reason instanceof Error ? run.signal.reason : new Error('export aborted');
}

/** The tags and authors of a page of questions (and of the answers and comments given). */
export async function listContext(run: ExportRun, questions: ArchiveQuestion[], more: { user_id: number }[] = []): Promise<ListContext> {
  const tags = new Map<string, ArchiveTag[]>();
  for (const { question_id, tag } of await tagsOfQuestions(
    run.ctx.db,
    questions.map((q) => q.id),
  )) {
    const list = tags.get(question_id) ?? [];
    list.push(tag);
    tags.set(question_id, list);
  }
  const ids = [...new Set([...questions, ...more].map((x) => x.user_id))];
  const users = new Map((await usersByIds(run.ctx.db, ids)).map((u) => [u.id, u]));
  return { tags, users };
}
