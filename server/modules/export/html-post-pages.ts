import { ADOPTED, QUESTION_STATUS } from '../../contract/enums.js';
import { archiveHtml, esc, type ContentLinks } from './html-content.js';
import type { ArchiveAnswer, ArchiveComment, ArchiveQuestion, ArchiveUser } from './html-export.repository.js';
import { archivePaths, isoDate, layout, questionList, tagChips, userLink, type ArchiveSite, type ListContext } from './html-pages.js';
import { counted, fill } from './html-strings.js';
import { rootOf } from './html-writer.js';

// The pages of one question and of one user.

function comments(root: string, list: ArchiveComment[] | undefined, users: Map<number, ArchiveUser>, links: ContentLinks): string {
  if (!list?.length) return '';
  return `<ul class="comments">${list
    .map(
      (c) =>
        `<li id="comment-${esc(c.id)}">${archiveHtml(c.parsed_text, root, links)} — ${userLink(root, users, c.user_id)} <span class="muted">${isoDate(c.created_at)}</span></li>`,
    )
    .join('')}</ul>`;
}

/** A question's page: the question, its tags and comments, then its answers (the accepted one first, marked). */
export function questionPage(
  site: ArchiveSite,
  q: ArchiveQuestion,
  answers: ArchiveAnswer[],
  commentsOf: Map<string, ArchiveComment[]>,
  ctx: ListContext,
  links: ContentLinks,
): { path: string; html: string } {
  const s = site.strings;
  const path = archivePaths.question(q.id);
  const root = rootOf(path);
  const closed = q.status === QUESTION_STATUS.closed ? ` <span class="badge-closed">${esc(s.closed)}</span>` : '';
  const post = (id: string, votes: number, html: string, extra: string, cls = '') =>
    `<article class="post${cls}" id="${id}"><div class="score">${votes}<small>${esc(s.voteWords[votes === 1 ? 0 : 1])}</small></div><div class="post-main">${extra}<div class="content">${html}</div>`;
  const answerBlocks = answers.map((a) => {
    const accepted = a.adopted === ADOPTED.accepted || a.id === q.accepted_answer_id;
    return `${post(
      `answer-${esc(a.id)}`,
      a.vote_count,
      archiveHtml(a.parsed_text, root, links),
      accepted ? `<div class="badge-accepted">✓ ${esc(s.accepted)}</div>` : '',
      accepted ? ' accepted' : '',
    )}<p class="meta">${userLink(root, ctx.users, a.user_id)} ${esc(s.answered)} ${isoDate(a.created_at)}</p>${comments(root, commentsOf.get(a.id), ctx.users, links)}</div></article>`;
  });
  const body = `<h1>${esc(q.title)}${closed}</h1>
<p class="meta">${userLink(root, ctx.users, q.user_id)} ${esc(s.asked)} ${isoDate(q.created_at)}</p>
${tagChips(root, ctx.tags.get(q.id))}
${post('question', q.vote_count, archiveHtml(q.parsed_text, root, links), '')}${comments(root, commentsOf.get(q.id), ctx.users, links)}</div></article>
<h2>${esc(counted(answers.length, s.answerWords))}</h2>
${answerBlocks.join('\n')}`;
  return { path, html: layout({ path, site, title: q.title, section: null, body }) };
}

/** A user's page: name, reputation, since when, about, their newest questions and answers. */
export function userPage(
  site: ArchiveSite,
  u: ArchiveUser,
  questions: ArchiveQuestion[],
  answers: { id: string; question_id: string; title: string; vote_count: number; adopted: number }[],
  ctx: ListContext,
  links: ContentLinks,
): { path: string; html: string } {
  const s = site.strings;
  const path = archivePaths.user(u.id);
  const root = rootOf(path);
  const name = u.display_name || u.username;
  const initial = esc(Array.from(name)[0]?.toUpperCase() ?? '?');
  const answerItems = answers
    .map(
      (a) =>
        `<li><a href="${root}${archivePaths.question(a.question_id)}#answer-${esc(a.id)}">${esc(a.title)}</a> <span class="muted">${esc(counted(a.vote_count, s.voteWords))}${a.adopted === ADOPTED.accepted ? ` · ✓ ${esc(s.accepted)}` : ''}</span></li>`,
    )
    .join('');
  const body = `<div class="user-head"><div class="avatar" aria-hidden="true">${initial}</div><div><h1>${esc(name)}</h1>
<p class="meta">@${esc(u.username)} · ${u.rank} ${esc(s.reputation)} · ${esc(fill(s.memberSince, { date: isoDate(u.created_at) }))}</p></div></div>
${u.bio_html ? `<div class="content">${archiveHtml(u.bio_html, root, links)}</div>` : ''}
<h2>${esc(s.questions)}</h2>
${questionList(root, site, questions, ctx)}
${answers.length ? `<h2>${esc(s.answersHeading)}</h2><ul class="simple">${answerItems}</ul>` : ''}`;
  return { path, html: layout({ path, site, title: name, section: 'users', body }) };
}
