// What every full-text engine's search means the same way (sqlite-search.ts, pg-search.ts): which
// terms are matched as substrings, the id ranges of questions and answers, and when a term counts as
// common. The engines differ in how they index and rank, not in these.
import { sql, type RawBuilder } from 'kysely';
import { ANSWER_STATUS, QUESTION_STATUS } from '../../contract/enums.js';

/** The posts the index holds are those a visitor may see: questions available or closed, answers available. */
export const INDEXED_QUESTION_STATUSES = [QUESTION_STATUS.available, QUESTION_STATUS.closed] as const;
export const INDEXED_ANSWER_STATUS = ANSWER_STATUS.available;

/**
 * `<column> IN (available, closed)` for questions, `<column> = available` for answers, the codes
 * written by kysely as literals from the named constants: trigger and function bodies take no
 * parameters, and a literal keeps the statement's text (and the plans of the queries) as before.
 */
export function questionVisible(column: string): RawBuilder<unknown> {
  return sql`${sql.raw(column)} IN (${sql.join(INDEXED_QUESTION_STATUSES.map((c) => sql.lit(c)))})`;
}
/** See questionVisible. */
export function answerVisible(column: string): RawBuilder<unknown> {
  return sql`${sql.raw(column)} = ${sql.lit(INDEXED_ANSWER_STATUS)}`;
}

/** Scripts written without spaces: their terms are matched as substrings of the posts' text. */
export const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
/** A letter or digit: a term without one matches nothing. */
export const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The id ranges of questions and answers ("1" + 3-digit type + 13-digit counter), as SQL integers. */
export const ID_RANGE = {
  question: ['10010000000000000', '10019999999999999'],
  answer: ['10020000000000000', '10029999999999999'],
} as const;

/** Whether a post id (digits) is in a kind's id range: compared as text when as long as the range's ends (no BigInt per id). */
export function inIdRange(id: string, kind: keyof typeof ID_RANGE): boolean {
  const [lo, hi] = ID_RANGE[kind];
  return id.length === lo.length ? id >= lo && id <= hi : BigInt(id) >= BigInt(lo) && BigInt(id) <= BigInt(hi);
}

/** A word found in this many posts is common: it matches only as itself (settleTerms). */
export const COMMON_WORD = 200;
/** Terms are counted up to this share of the indexed posts (at least MIN_COUNT). */
export const COUNT_SHARE = 0.1;
export const MIN_COUNT = 5;
/** How long a counted term is reused (counts move little from one search to the next), and how many are kept. */
export const COUNT_TTL_MS = 60_000;
export const COUNT_CACHE_MAX = 5000;
/** How many of a term's best posts a relevance search takes as candidates. */
export const CHAMPIONS = 300;
