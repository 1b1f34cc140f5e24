import { archiveHtml, esc } from './html-content.js';
import { betweenPages, LIST_PAGE, listContext, type ExportRun } from './html-run.js';
import {
  answersOfUser,
  questionsOfTag,
  questionsOfUser,
  tagsBySlug,
  usersById,
  type ArchiveQuestion,
  type ArchiveTag,
} from './html-export.repository.js';
import { archivePaths, layout, pager, questionList } from './html-pages.js';
import { userPage } from './html-post-pages.js';
import { fill } from './html-strings.js';
import { rootOf } from './html-writer.js';

// The tag and user pages, each list read in keyset pages.

/** Tags per page of the tag list, users per page of the user list. */
const TAGS_PAGE = 120;
const USERS_PAGE = 60;
/** A user page shows this many of their newest questions and answers. */
const USER_ITEMS = 30;

async function writeTag(run: ExportRun, tag: ArchiveTag): Promise<void> {
  let cursor: ArchiveQuestion | null = null;
  const name = tag.display_name || tag.slug_name;
  const title = fill(run.site.strings.tagQuestions, { tag: name });
  for (let n = 1; ; n++) {
    await betweenPages(run);
    const rows = await questionsOfTag(run.ctx.db, tag.id, cursor, LIST_PAGE + 1);
    const page = rows.slice(0, LIST_PAGE);
    const ctx = await listContext(run, page);
    const path = archivePaths.tag(tag.id, n);
    const root = rootOf(path);
    const about = n === 1 && tag.parsed_text ? `<div class="content">${archiveHtml(tag.parsed_text, root, run.links)}</div>` : '';
    const body = `<h1>${esc(title)}</h1>${about}${questionList(root, run.site, page, ctx)}${pager(root, run.site, n, rows.length > LIST_PAGE, (k) => archivePaths.tag(tag.id, k))}`;
    run.writer.write(path, layout({ path, site: run.site, title, section: 'tags', body }));
    if (rows.length <= LIST_PAGE) return;
    cursor = page[page.length - 1];
  }
}

/** The tag list pages and each tag's pages of questions. */
export async function writeTagPages(run: ExportRun): Promise<void> {
  let after: string | null = null;
  let count = 0;
  for (let n = 1; ; n++) {
    await betweenPages(run);
    const rows = await tagsBySlug(run.ctx.db, after, TAGS_PAGE + 1);
    const page = rows.slice(0, TAGS_PAGE);
    for (const tag of page) await writeTag(run, tag);
    count += page.length;
    const path = archivePaths.tags(n);
    const root = rootOf(path);
    const items = page
      .map(
        (t) =>
          `<li><a href="${root}${archivePaths.tag(t.id, 1)}">${esc(t.display_name || t.slug_name)}</a> <span class="muted">× ${t.question_count}</span></li>`,
      )
      .join('');
    const s = run.site.strings;
    const body = `<h1>${esc(s.tags)}</h1>${page.length ? `<ul class="grid">${items}</ul>` : `<p class="muted">${esc(s.noQuestions)}</p>`}${pager(root, run.site, n, rows.length > TAGS_PAGE, archivePaths.tags)}`;
    run.writer.write(path, layout({ path, site: run.site, title: s.tags, section: 'tags', body }));
    if (rows.length <= TAGS_PAGE) break;
    after = page[page.length - 1].slug_name;
  }
  run.progress(`tags: ${count}`);
}

/** The user list pages and each user's page. */
export async function writeUserPages(run: ExportRun): Promise<void> {
  let after = 0;
  let count = 0;
  for (let n = 1; ; n++) {
    await betweenPages(run);
    const rows = await usersById(run.ctx.db, after, USERS_PAGE + 1);
    const page = rows.slice(0, USERS_PAGE);
    for (const u of page) {
      const questions = await questionsOfUser(run.ctx.db, u.id, USER_ITEMS);
      const answers = await answersOfUser(run.ctx.db, u.id, USER_ITEMS);
      const ctx = await listContext(run, questions);
      ctx.users.set(u.id, u);
      const { path, html } = userPage(run.site, u, questions, answers, ctx, run.links);
      run.writer.write(path, html);
    }
    count += page.length;
    const path = archivePaths.users(n);
    const root = rootOf(path);
    const s = run.site.strings;
    const items = page
      .map(
        (u) =>
          `<li><a href="${root}${archivePaths.user(u.id)}">${esc(u.display_name || u.username)}</a><br><span class="muted">${u.rank} ${esc(s.reputation)}</span></li>`,
      )
      .join('');
    const body = `<h1>${esc(s.users)}</h1><ul class="grid">${items}</ul>${pager(root, run.site, n, rows.length > USERS_PAGE, archivePaths.users)}`;
    run.writer.write(path, layout({ path, site: run.site, title: s.users, section: 'users', body }));
    if (rows.length <= USERS_PAGE) break;
    after = page[page.length - 1].id;
    if (count % 600 === 0) run.progress(`users: ${count}`);
  }
  run.progress(`users: ${count}`);
}
