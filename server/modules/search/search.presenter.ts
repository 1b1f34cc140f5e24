import type { SearchResult, SearchUser } from '../../contract/api/search.js';
import { postStatusName } from '../../contract/enums.js';
import type { SearchTerm } from '../../db/dialect/sqlite-search.js';
import { htmlToExcerpt, urlTitle } from '../../infra/markdown/render.js';
import { idOut } from '../../infra/ids/object-id.js';
import type { TagBrief } from '../tag/tag.usage.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';
import type { SearchRow } from './search.repository.js';

const EXCERPT_WIDTH = 100;
const LEAD = 30;

/**
 * About 100 characters of a post's plain text around the first place a term occurs (the start
 * when none is found literally, e.g. a stemmed match), with "..." where text was cut.
 */
export function searchExcerpt(html: string, terms: SearchTerm[], width = EXCERPT_WIDTH): string {
  const text = htmlToExcerpt(html, Number.MAX_SAFE_INTEGER);
  const lower = text.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t.text.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  const chars = Array.from(text);
  let start = at < 0 ? 0 : Math.max(0, Array.from(text.slice(0, at)).length - LEAD);
  if (start > 0) {
    // begin at a word when one starts shortly before
    const space = chars.slice(Math.max(0, start - 15), start).lastIndexOf(' ');
    if (space >= 0) start = Math.max(0, start - 15) + space + 1;
  }
  const end = Math.min(chars.length, start + width);
  const body = chars.slice(start, end).join('').trim();
  return `${start > 0 ? '...' : ''}${body}${end < chars.length ? '...' : ''}`;
}

/** SearchObjectUser: the author as a search result shows it. */
export function searchUser(u: UserBasicInfo | undefined): SearchUser | null {
  if (!u) return null;
  return { id: u.id, username: u.username, display_name: u.display_name, rank: u.rank, status: u.status };
}

/** One SearchResult: {object_type, object}. */
export function presentSearchResult(
  row: SearchRow,
  tags: TagBrief[],
  user: UserBasicInfo | undefined,
  permalink: number,
  terms: SearchTerm[],
): SearchResult {
  return {
    object_type: row.object_type,
    object: {
      id: idOut(row.id, permalink),
      question_id: idOut(row.question_id, permalink),
      title: row.title,
      url_title: urlTitle(row.title),
      excerpt: searchExcerpt(row.parsed_text, terms),
      created_at: row.created_at,
      user_info: searchUser(user),
      tags,
      vote_count: row.vote_count,
      answer_count: row.answer_count,
      // a 0/1 flag the query computes, not a stored code
      accepted: row.accepted !== 0,
      status: postStatusName(row.status),
    },
  };
}
