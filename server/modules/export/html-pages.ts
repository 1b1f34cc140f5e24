import { THEME_BOOT } from './html-assets.js';
import { esc } from './html-content.js';
import type { ArchiveQuestion, ArchiveTag, ArchiveUser } from './html-export.repository.js';
import { counted, fill, type ArchiveStrings } from './html-strings.js';
import { rootOf, safeName } from './html-writer.js';

// The archive's pages as HTML text. Every link is relative to the page's own place (its `root`), and a
// page holds nothing that changes without its content changing (no export time), so an unchanged
// question's page comes out byte for byte the same in the next export.

/** The site as every page shows it. */
export interface ArchiveSite {
  name: string;
  description: string;
  /** The logo's path in the archive, or null. */
  logo: string | null;
  strings: ArchiveStrings;
}

/** Where each page is in the archive. */
export const archivePaths = {
  newest: (n: number) => (n <= 1 ? 'index.html' : `newest/${n}.html`),
  votes: (n: number) => `votes/${n}.html`,
  tags: (n: number) => (n <= 1 ? 'tags/index.html' : `tags/page-${n}.html`),
  tag: (id: string, n: number) => `tags/t${safeName(id)}${n <= 1 ? '' : `-${n}`}.html`,
  users: (n: number) => (n <= 1 ? 'users/index.html' : `users/page-${n}.html`),
  // a hundred folders: a FAT32 stick holds at most 65,534 entries in one
  question: (id: string) => `q/${bucket(id)}/${safeName(id)}.html`,
  user: (id: number) => `u/${bucket(String(id))}/${id}.html`,
  search: () => 'search.html',
};

function bucket(id: string): string {
  return safeName(id.slice(-2).padStart(2, '0'));
}

/** A Unix time as an ISO date (UTC). */
export function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

type Section = 'newest' | 'votes' | 'tags' | 'users' | 'search' | null;

/** A whole page: head, the site's header and navigation, `body`, footer. */
export function layout(opts: {
  path: string;
  site: ArchiveSite;
  title: string;
  section: Section;
  body: string;
  scripts?: string[];
}): string {
  const { site, section } = opts;
  const s = site.strings;
  const root = rootOf(opts.path);
  const nav = (
    [
      ['newest', archivePaths.newest(1), s.newest],
      ['votes', archivePaths.votes(1), s.votes],
      ['tags', archivePaths.tags(1), s.tags],
      ['users', archivePaths.users(1), s.users],
      ['search', archivePaths.search(), s.search],
    ] as const
  )
    .map(([key, href, label]) => `<a href="${root}${href}"${key === section ? ' aria-current="page"' : ''}>${esc(label)}</a>`)
    .join('');
  const logo = site.logo ? `<img src="${root}${site.logo}" alt="">` : '';
  const scripts = [`${root}assets/site.js`, ...(opts.scripts ?? []).map((src) => root + src)]
    .map((src) => `<script src="${src}" defer></script>`)
    .join('');
  return `<!doctype html>
<html lang="${s.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(opts.title === site.name ? site.name : `${opts.title} - ${site.name}`)}</title>
<script>${THEME_BOOT}</script>
<link rel="stylesheet" href="${root}assets/archive.css">
${scripts}
</head>
<body data-root="${root}">
<a class="skip" href="#main">${esc(s.skip)}</a>
<header class="site"><div class="bar">
<a class="brand" href="${root}index.html">${logo}<span>${esc(site.name)}</span></a>
<nav class="main" aria-label="${esc(site.name)}">${nav}</nav>
${section === 'search' ? '' : `<form class="search" action="${root}search.html" method="get" role="search"><input type="search" name="q" aria-label="${esc(s.searchLabel)}" placeholder="${esc(s.searchPlaceholder)}"><button type="submit">${esc(s.searchButton)}</button></form>`}
<button type="button" class="theme" id="theme-toggle" hidden aria-label="${esc(s.theme)}" data-light="${esc(s.themeLight)}" data-dark="${esc(s.themeDark)}"></button>
</div></header>
<main id="main">
${opts.body}
</main>
<footer class="site"><p>${esc(fill(s.archiveNote, { site: site.name }))}</p></footer>
</body>
</html>
`;
}

/** What a question list needs besides the questions: their tags and authors. */
export interface ListContext {
  tags: Map<string, ArchiveTag[]>;
  users: Map<number, ArchiveUser>;
}

/** A user's name, linked to their page when they have one. */
export function userLink(root: string, users: Map<number, ArchiveUser>, id: number): string {
  const u = users.get(id);
  if (!u) return '<span class="muted">—</span>';
  return `<a href="${root}${archivePaths.user(u.id)}">${esc(u.display_name || u.username)}</a>`;
}

/** A question's tags as links to their pages. */
export function tagChips(root: string, tags: ArchiveTag[] | undefined): string {
  if (!tags?.length) return '';
  return `<ul class="chips">${tags.map((t) => `<li><a href="${root}${archivePaths.tag(t.id, 1)}">${esc(t.display_name || t.slug_name)}</a></li>`).join('')}</ul>`;
}

/** A list of questions with votes, answers, tags, author and date. */
export function questionList(root: string, site: ArchiveSite, questions: ArchiveQuestion[], ctx: ListContext): string {
  const s = site.strings;
  if (!questions.length) return `<p class="muted">${esc(s.noQuestions)}</p>`;
  const items = questions.map((q) => {
    const accepted = q.accepted_answer_id && q.accepted_answer_id !== '0';
    return `<li><div class="stats"><span>${esc(counted(q.vote_count, s.voteWords))}</span><span${accepted ? ' class="has-accepted"' : ''}>${esc(counted(q.answer_count, s.answerWords))}</span></div><div class="summary"><h3><a href="${root}${archivePaths.question(q.id)}">${esc(q.title)}</a></h3>${tagChips(root, ctx.tags.get(q.id))}<div class="meta">${userLink(root, ctx.users, q.user_id)} ${esc(s.asked)} ${isoDate(q.created_at)}</div></div></li>`;
  });
  return `<ol class="questions">${items.join('')}</ol>`;
}

/** Previous / page n (of total) / next. */
export function pager(root: string, site: ArchiveSite, n: number, hasNext: boolean, pathOf: (n: number) => string, total?: number): string {
  if (n <= 1 && !hasNext) return '';
  const s = site.strings;
  const prev =
    n > 1 ? `<a rel="prev" href="${root}${pathOf(n - 1)}">← ${esc(s.previous)}</a>` : `<span class="disabled">← ${esc(s.previous)}</span>`;
  const next = hasNext
    ? `<a rel="next" href="${root}${pathOf(n + 1)}">${esc(s.next)} →</a>`
    : `<span class="disabled">${esc(s.next)} →</span>`;
  const label = total ? fill(s.page, { n, total }) : String(n);
  return `<nav class="pages" aria-label="${esc(s.pagination)}">${prev}<span>${esc(label)}</span>${next}</nav>`;
}

/** The Newest / Votes tabs above the home lists. */
export function listTabs(root: string, site: ArchiveSite, current: 'newest' | 'votes'): string {
  const s = site.strings;
  const tab = (key: 'newest' | 'votes', href: string, label: string) =>
    `<a href="${root}${href}"${key === current ? ' aria-current="page"' : ''}>${esc(label)}</a>`;
  return `<nav class="tabs" aria-label="${esc(s.questions)}">${tab('newest', archivePaths.newest(1), s.newest)}${tab('votes', archivePaths.votes(1), s.votes)}</nav>`;
}

/** The search page: its form, the results list and the strings its script shows. */
export function searchBody(site: ArchiveSite): string {
  const s = site.strings;
  const strings = JSON.stringify({
    searching: s.searching,
    noResults: s.noResults,
    results: s.results,
    resultsOne: s.resultsOne,
    votes: s.voteWords,
    answers: s.answerWords,
  }).replace(/</g, '\\u003c');
  return `<div class="search-page">
<h1>${esc(s.searchLabel)}</h1>
<form id="search-form" role="search"><input id="search-input" type="search" name="q" aria-label="${esc(s.searchLabel)}" placeholder="${esc(s.searchPlaceholder)}" autofocus><button type="submit">${esc(s.searchButton)}</button></form>
<p class="muted">${esc(s.searchHint)}</p>
<noscript><p>${esc(s.noScript)}</p></noscript>
<p id="search-status" role="status" aria-live="polite"></p>
<ol class="questions" id="search-results" hidden></ol>
<button type="button" id="search-more" hidden>${esc(s.moreResults)}</button>
<script type="application/json" id="search-strings">${strings}</script>
</div>`;
}
