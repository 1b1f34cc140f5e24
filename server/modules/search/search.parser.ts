import type { SearchTerm } from '../../db/dialect/sqlite-search.js';
import { tagSlug } from '../tag/tag.usage.js';

/** What a search string asks for, once its operators are taken out. */
export interface ParsedSearch {
  /** [tag] slugs (at most 5); every one must match. */
  tags: string[];
  /** user:me or user:<username>. */
  user: string | null;
  /** score:N — vote_count >= N (exactly 0 for N = 0). */
  score: number | null;
  /** views:N — questions with view_count >= N. */
  views: number | null;
  /** answers:N — questions with answer_count >= N (exactly 0 for N = 0). */
  answers: number | null;
  /** hasaccepted:yes|no — questions with / without an accepted answer. */
  hasAccepted: boolean | null;
  /** isaccepted:yes|no — answers that are / are not accepted. */
  isAccepted: boolean | null;
  /** inquestion:<id> — answers of that question. */
  inQuestion: string | null;
  /** Which posts: both, questions only or answers only. */
  type: 'all' | 'question' | 'answer';
  /** Words and "exact phrases" (at most 5 together). */
  terms: SearchTerm[];
}

const MAX_TAGS = 5;
const MAX_TERMS = 5;
const MAX_NUMBER = 1_000_000_000;

const clampInt = (s: string) => Math.max(-MAX_NUMBER, Math.min(MAX_NUMBER, Number.parseInt(s, 10)));

/**
 * Parses a search string in the reference's order: [tag], user:, score:, "phrase", hasaccepted:,
 * views:, answers:, isaccepted:, inquestion:, is: (last, overriding the type); what is left are
 * words. Recognised operators are removed from the text. Never throws.
 */
export function parseSearch(raw: string): ParsedSearch {
  let q = ` ${raw.replace(/\p{Cc}/gu, ' ')} `;
  const out: ParsedSearch = {
    tags: [],
    user: null,
    score: null,
    views: null,
    answers: null,
    hasAccepted: null,
    isAccepted: null,
    inQuestion: null,
    type: 'all',
    terms: [],
  };
  /** Takes every match of an operator out of q, handing its one captured group to `use`. */
  const take = (re: RegExp, use: (value: string) => void) => {
    q = q.replace(re, (_all: string, value: string) => {
      use(value);
      return ' ';
    });
  };

  take(/\[([^[\]]*)\]/g, (v) => {
    const slug = tagSlug(v);
    if (slug && slug.length <= 35 && out.tags.length < MAX_TAGS && !out.tags.includes(slug)) out.tags.push(slug);
  });
  take(/(?<=\s)user:(\S+)(?=\s)/gi, (v) => {
    if (out.user === null) out.user = v.toLowerCase();
  });
  take(/(?<=\s)score:(-?\d{1,12})(?=\s)/gi, (v) => {
    if (out.score === null) out.score = clampInt(v);
  });
  take(/"([^"]*)"/g, (v) => {
    const phrase = v.trim().replace(/\s+/g, ' ');
    if (phrase) out.terms.push({ text: phrase, phrase: true });
  });
  take(/(?<=\s)hasaccepted:(yes|no)(?=\s)/gi, (v) => {
    out.hasAccepted = v.toLowerCase() === 'yes';
    out.type = 'question';
  });
  take(/(?<=\s)views:(\d{1,12})(?=\s)/gi, (v) => {
    out.views = clampInt(v);
    out.type = 'question';
  });
  take(/(?<=\s)answers:(\d{1,12})(?=\s)/gi, (v) => {
    out.answers = clampInt(v);
    out.type = 'question';
  });
  take(/(?<=\s)isaccepted:(yes|no)(?=\s)/gi, (v) => {
    out.isAccepted = v.toLowerCase() === 'yes';
    out.type = 'answer';
  });
  take(/(?<=\s)inquestion:(\S+)(?=\s)/gi, (v) => {
    out.inQuestion = v;
    out.type = 'answer';
  });
  take(/(?<=\s)is:(question|answer)(?=\s)/gi, (v) => {
    out.type = v.toLowerCase() as 'question' | 'answer';
  });

  for (const word of q.split(/\s+/)) {
    const w = word.replace(/"/g, '');
    if (w) out.terms.push({ text: w, phrase: false });
  }
  out.terms = out.terms.slice(0, MAX_TERMS);
  // the type decides which filters apply
  if (out.type === 'answer') {
    out.hasAccepted = null;
    out.views = null;
    out.answers = null;
  }
  if (out.type === 'question') {
    out.isAccepted = null;
    out.inQuestion = null;
  }
  return out;
}
