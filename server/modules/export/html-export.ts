import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import { STORED_PATH, uploadsDir } from '../upload/upload.service.js';
import { ARCHIVE_CSS, SEARCH_JS, SITE_JS } from './html-assets.js';
import { textOf } from './html-content.js';
import {
  answersOfQuestions,
  commentsOfPosts,
  countArchiveQuestions,
  questionsByNewest,
  questionsByVotes,
  type ArchiveComment,
  type ArchiveQuestion,
} from './html-export.repository.js';
import { archivePaths, layout, listTabs, pager, questionList, searchBody, type ArchiveSite } from './html-pages.js';
import { betweenPages, LIST_PAGE, listContext, type ExportRun } from './html-run.js';
import { questionPage } from './html-post-pages.js';
import { SearchIndexBuilder } from './html-search.js';
import { archiveStrings } from './html-strings.js';
import { writeTagPages, writeUserPages } from './html-lists.js';
import { ArchiveWriter, lockFolder, rootOf } from './html-writer.js';

export { LIST_PAGE } from './html-run.js';

async function siteOf(ctx: AppContext): Promise<{ site: ArchiveSite; logoUpload: string | null }> {
  const [general, branding, iface] = await Promise.all([
    ctx.settings.get('general'),
    ctx.settings.get('branding'),
    ctx.settings.get('interface'),
  ]);
  const prefix = `${ctx.config.basePath}/uploads/`;
  const logo = branding.logo.startsWith(prefix) ? branding.logo.slice(prefix.length).split(/[?#]/)[0] : '';
  const logoUpload = STORED_PATH.test(logo) ? logo : null;
  return {
    site: {
      name: general.name || 'Answer',
      description: general.short_description || general.description || '',
      logo: logoUpload ? `uploads/${logoUpload}` : null,
      strings: archiveStrings(iface.language),
    },
    logoUpload,
  };
}

/** Writes the question pages and the "newest" list pages, and feeds the search index; returns how many questions. */
async function writeNewest(run: ExportRun, search: SearchIndexBuilder): Promise<number> {
  const total = await countArchiveQuestions(run.ctx.db);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE));
  let cursor: ArchiveQuestion | null = null;
  let seen = 0;
  for (let n = 1; ; n++) {
    await betweenPages(run);
    const rows = await questionsByNewest(run.ctx.db, cursor, LIST_PAGE + 1);
    const page = rows.slice(0, LIST_PAGE);
    const ids = page.map((q) => q.id);
    const answers = await answersOfQuestions(run.ctx.db, ids);
    const comments = await commentsOfPosts(run.ctx.db, [...ids, ...answers.map((a) => a.id)]);
    const ctx = await listContext(run, page, [...answers, ...comments]);
    const commentsOf = new Map<string, ArchiveComment[]>();
    for (const c of comments) commentsOf.set(c.object_id, [...(commentsOf.get(c.object_id) ?? []), c]);
    for (const q of page) {
      const mine = answers.filter((a) => a.question_id === q.id);
      const { path, html } = questionPage(run.site, q, mine, commentsOf, ctx, run.links);
      run.writer.write(path, html);
      // numbered from the oldest: a new question leaves every other's number (and the index's files) as it was
      search.add({
        num: Math.max(0, total - 1 - seen),
        path,
        title: q.title,
        votes: q.vote_count,
        answers: q.answer_count,
        titleText: q.title,
        bodyText: `${textOf(q.parsed_text)} ${mine.map((a) => textOf(a.parsed_text)).join(' ')}`,
      });
      seen++;
    }
    const path = archivePaths.newest(n);
    const root = rootOf(path);
    const body = `<h1>${n === 1 ? run.site.name : run.site.strings.newest}</h1>${n === 1 && run.site.description ? `<p class="muted">${escText(run.site.description)}</p>` : ''}${listTabs(root, run.site, 'newest')}${questionList(root, run.site, page, ctx)}${pager(root, run.site, n, rows.length > LIST_PAGE, archivePaths.newest, pages)}`;
    run.writer.write(
      path,
      layout({ path, site: run.site, title: n === 1 ? run.site.name : run.site.strings.newest, section: 'newest', body }),
    );
    if (n % 20 === 0) run.progress(`questions: ${seen} of ${total}`);
    if (rows.length <= LIST_PAGE) break;
    cursor = page[page.length - 1];
  }
  run.progress(`questions: ${seen}`);
  return seen;
}

function escText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The "votes" list pages. */
async function writeVotes(run: ExportRun, total: number): Promise<void> {
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE));
  let cursor: ArchiveQuestion | null = null;
  for (let n = 1; ; n++) {
    await betweenPages(run);
    const rows = await questionsByVotes(run.ctx.db, cursor, LIST_PAGE + 1);
    const page = rows.slice(0, LIST_PAGE);
    const ctx = await listContext(run, page);
    const path = archivePaths.votes(n);
    const root = rootOf(path);
    const body = `<h1>${run.site.strings.votes}</h1>${listTabs(root, run.site, 'votes')}${questionList(root, run.site, page, ctx)}${pager(root, run.site, n, rows.length > LIST_PAGE, archivePaths.votes, pages)}`;
    run.writer.write(path, layout({ path, site: run.site, title: run.site.strings.votes, section: 'votes', body }));
    if (rows.length <= LIST_PAGE) break;
    cursor = page[page.length - 1];
  }
}

/**
 * Exports the site as a static archive into `outDir`: plain HTML pages with relative links only
 * (home with the newest questions, by votes, tags, users, one page per question), the site's
 * uploads that the pages use, and an offline search index. A second export into the same folder
 * writes only the files whose content changed (and removes those no longer part of it).
 * pagesWritten and pagesUnchanged count every file of the archive (pages, scripts, index, uploads).
 */
export async function exportStaticArchive(
  ctx: AppContext,
  opts: { outDir: string; onProgress?: (line: string) => void; signal?: AbortSignal },
): Promise<{ pagesWritten: number; pagesUnchanged: number; questions: number }> {
  const release = lockFolder(opts.outDir);
  try {
    return await exportInto(ctx, opts);
  } finally {
    release();
  }
}

async function exportInto(
  ctx: AppContext,
  opts: { outDir: string; onProgress?: (line: string) => void; signal?: AbortSignal },
): Promise<{ pagesWritten: number; pagesUnchanged: number; questions: number }> {
  const writer = new ArchiveWriter(opts.outDir);
  const { site, logoUpload } = await siteOf(ctx);
  const uploadsRoot = uploadsDir(ctx);
  const useUpload = (rel: string) => {
    const path = `uploads/${rel}`;
    if (!writer.has(path)) writer.copy(path, join(uploadsRoot, ...rel.split('/')));
  };
  const run: ExportRun = {
    ctx,
    site,
    writer,
    progress: opts.onProgress ?? (() => undefined),
    signal: opts.signal,
    links: {
      basePath: ctx.config.basePath,
      uploadsRoot,
      isStoredUpload: (rel) => STORED_PATH.test(rel),
      questionPath: (id) => archivePaths.question(id),
      useUpload,
    },
  };
  writer.write('assets/archive.css', ARCHIVE_CSS);
  writer.write('assets/site.js', SITE_JS);
  writer.write('assets/search.js', SEARCH_JS);
  if (logoUpload) {
    try {
      useUpload(logoUpload);
    } catch {
      site.logo = null;
    }
  }
  const search = new SearchIndexBuilder(writer);
  const questions = await writeNewest(run, search);
  await search.finish(questions);
  await writeVotes(run, questions);
  await writeTagPages(run);
  await writeUserPages(run);
  const path = archivePaths.search();
  writer.write(
    path,
    layout({ path, site, title: site.strings.search, section: 'search', body: searchBody(site), scripts: ['assets/search.js'] }),
  );
  const removed = writer.finish();
  run.progress(`written ${writer.written}, unchanged ${writer.unchanged}, removed ${removed}`);
  return { pagesWritten: writer.written, pagesUnchanged: writer.unchanged, questions };
}
