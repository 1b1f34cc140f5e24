import type { AliasedRawBuilder, RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { MatchRow } from '../../db/dialect/sqlite-search.js';
import { ADOPTED, ANSWER_STATUS, QUESTION_STATUS, SHOW_STATUS, TAG_REL_STATUS, TAG_STATUS } from '../../contract/enums.js';

/** The filters of one search, resolved to ids. */
export interface SearchPlan {
  type: 'all' | 'question' | 'answer';
  /** Each group is a tag with its main tag and synonyms; every group must match. */
  tagGroups: string[][];
  userId: number | null;
  score: number | null;
  views: number | null;
  answers: number | null;
  hasAccepted: boolean | null;
  isAccepted: boolean | null;
  inQuestion: string | null;
  /** The text matches (aliased 'm'): inner-joined when the search has text, else left-joined (and empty). */
  match: (kind: 'question' | 'answer') => AliasedRawBuilder<MatchRow, 'm'>;
  /** Whether a post must be among the matches (the search had text). */
  requireMatch: boolean;
  /**
   * Set when the filters leave few posts: each of them is checked against the text on its own
   * (its rank, NULL when it does not match) instead of joining the matches.
   */
  rankOf?: (idColumn: string) => RawBuilder<number | null>;
  order: 'relevance' | 'newest' | 'active' | 'score';
  page: number;
  size: number;
}

/** A found post, questions and answers alike. */
export interface SearchRow {
  object_type: 'question' | 'answer';
  id: string;
  question_id: string;
  title: string;
  parsed_text: string;
  created_at: number;
  active_at: number;
  vote_count: number;
  answer_count: number;
  accepted: number;
  user_id: number;
  status: number;
  rank: number | null;
}

/** Ids of the tag with this slug, its main tag and the main tag's synonyms; null for an unknown slug. */
export async function tagGroup(db: DbOrTrx, slug: string): Promise<string[] | null> {
  const tag = await db
    .selectFrom('tag')
    .select(['id', 'main_tag_id'])
    .where('slug_name', '=', slug)
    .where('status', '=', TAG_STATUS.available)
    .executeTakeFirst();
  if (!tag) return null;
  const mainId = tag.main_tag_id !== '0' ? tag.main_tag_id : tag.id;
  const synonyms = await db.selectFrom('tag').select('id').where('main_tag_id', '=', mainId).execute();
  return [...new Set([tag.id, mainId, ...synonyms.map((s) => s.id)])];
}

/** About how many posts the filters leave (questions and answers), Infinity when they do not narrow. */
export async function filteredSize(
  db: DbOrTrx,
  f: { type: 'all' | 'question' | 'answer'; userId: number | null; tagGroups: string[][]; inQuestion: string | null },
): Promise<number> {
  let size = Number.POSITIVE_INFINITY;
  if (f.inQuestion !== null) size = 0;
  if (f.userId !== null) {
    const u = await db.selectFrom('user').select(['question_count', 'answer_count']).where('id', '=', f.userId).executeTakeFirst();
    size = Math.min(size, u ? (f.type !== 'answer' ? u.question_count : 0) + (f.type !== 'question' ? u.answer_count : 0) : 0);
  }
  for (const group of f.tagGroups) {
    const { n } = await db
      .selectFrom('tag')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('question_count'), eb.val(0)).as('n'))
      .where('id', 'in', group)
      .executeTakeFirstOrThrow();
    // a tagged question brings its answers along (three each on a busy site)
    size = Math.min(size, Number(n) * (f.type === 'question' ? 1 : 4));
  }
  return size;
}

/** Available questions whose id is given (for inquestion:). */
export async function questionExists(db: DbOrTrx, id: string): Promise<boolean> {
  return !!(await db.selectFrom('question').select('id').where('id', '=', id).executeTakeFirst());
}

function questionBranch(db: DbOrTrx, p: SearchPlan) {
  const from = db.selectFrom('question as q');
  // with text, an inner join lets SQLite start from the matches; without, nothing to join
  const match = p.match('question');
  let qb = from.leftJoin(match, 'm.id', 'q.id');
  // CROSS JOIN keeps SQLite from reordering: it walks the (bounded) matches and looks each post up,
  // instead of walking every visible question and probing the matches
  if (p.requireMatch && !p.rankOf)
    qb = db.selectFrom(match).crossJoin('question as q').whereRef('q.id', '=', 'm.id') as unknown as typeof qb;
  qb = qb.where('q.status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed]).where('q.show', '=', SHOW_STATUS.shown);
  for (const group of p.tagGroups) {
    qb = qb.where((eb) =>
      eb.exists(
        eb
          .selectFrom('tag_rel as r')
          .select('r.id')
          .whereRef('r.object_id', '=', 'q.id')
          .where('r.tag_id', 'in', group)
          .where('r.status', '=', TAG_REL_STATUS.available),
      ),
    );
  }
  if (p.userId !== null) qb = qb.where('q.user_id', '=', p.userId);
  if (p.score !== null) qb = qb.where('q.vote_count', p.score === 0 ? '=' : '>=', p.score);
  if (p.views !== null) qb = qb.where('q.view_count', '>=', p.views);
  if (p.answers !== null) qb = qb.where('q.answer_count', p.answers === 0 ? '=' : '>=', p.answers);
  if (p.hasAccepted !== null) qb = qb.where('q.accepted_answer_id', p.hasAccepted ? '!=' : '=', '0');
  return qb.select((eb) => [
    eb.val('question').as('object_type'),
    'q.id as id',
    'q.id as question_id',
    'q.title as title',
    'q.created_at as created_at',
    'q.post_update_time as active_at',
    'q.vote_count as vote_count',
    'q.answer_count as answer_count',
    eb.cast<number>(eb('q.accepted_answer_id', '!=', '0'), 'integer').as('accepted'),
    'q.user_id as user_id',
    'q.status as status',
    p.rankOf ? p.rankOf('q.id').as('rank') : 'm.rank as rank',
  ]);
}

function answerBranch(db: DbOrTrx, p: SearchPlan) {
  const from = db.selectFrom('answer as a').innerJoin('question as q', 'q.id', 'a.question_id');
  const match = p.match('answer');
  let ab = from.leftJoin(match, 'm.id', 'a.id');
  if (p.requireMatch && !p.rankOf) {
    ab = db
      .selectFrom(match)
      .crossJoin('answer as a')
      .crossJoin('question as q')
      .whereRef('a.id', '=', 'm.id')
      .whereRef('q.id', '=', 'a.question_id') as unknown as typeof ab;
  }
  ab = ab
    .where('a.status', '=', ANSWER_STATUS.available)
    .where('q.status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed])
    .where('q.show', '=', SHOW_STATUS.shown);
  for (const group of p.tagGroups) {
    ab = ab.where((eb) =>
      eb.exists(
        eb
          .selectFrom('tag_rel as r')
          .select('r.id')
          .whereRef('r.object_id', '=', 'a.question_id')
          .where('r.tag_id', 'in', group)
          .where('r.status', '=', TAG_REL_STATUS.available),
      ),
    );
  }
  if (p.userId !== null) ab = ab.where('a.user_id', '=', p.userId);
  if (p.score !== null) ab = ab.where('a.vote_count', p.score === 0 ? '=' : '>=', p.score);
  if (p.isAccepted !== null) ab = ab.where('a.adopted', p.isAccepted ? '=' : '!=', 2);
  if (p.inQuestion !== null) ab = ab.where('a.question_id', '=', p.inQuestion);
  return ab.select((eb) => [
    eb.val('answer').as('object_type'),
    'a.id as id',
    'a.question_id as question_id',
    'q.title as title',
    'a.created_at as created_at',
    'a.updated_at as active_at',
    'a.vote_count as vote_count',
    eb.lit(0).as('answer_count'),
    eb.cast<number>(eb('a.adopted', '=', ADOPTED.accepted), 'integer').as('accepted'),
    'a.user_id as user_id',
    'a.status as status',
    p.rankOf ? p.rankOf('a.id').as('rank') : 'm.rank as rank',
  ]);
}

/** One page of posts matching a plan, with the total. */
export async function searchPosts(db: DbOrTrx, p: SearchPlan): Promise<{ count: number; rows: SearchRow[] }> {
  const source =
    p.type === 'question'
      ? questionBranch(db, p)
      : p.type === 'answer'
        ? answerBranch(db, p)
        : questionBranch(db, p).unionAll(answerBranch(db, p));
  const matched = <T extends { where: (...a: any[]) => T }>(q: T): T => (p.rankOf ? q.where('r.rank', 'is not', null) : q);
  // one pass: the page and the total together (count(*) over the whole result), and the posts'
  // bodies read for the page's rows only, not carried through the sort
  let list = matched(db.selectFrom(source.as('r')).selectAll()).select((eb) => eb.fn.countAll<number>().over().as('total'));
  switch (p.order) {
    case 'relevance':
      list = p.requireMatch ? list.orderBy('r.rank', 'asc') : list;
      break;
    case 'active':
      list = list.orderBy('r.active_at', 'desc');
      break;
    case 'score':
      list = list.orderBy('r.vote_count', 'desc');
      break;
    default:
      break;
  }
  const page = await list
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(p.size)
    .offset((p.page - 1) * p.size)
    .execute();
  let count = page.length ? Number(page[0].total) : 0;
  if (page.length === 0 && p.page > 1) {
    const { n } = await matched(db.selectFrom(source.as('r')))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    count = Number(n);
  }
  if (page.length === 0) return { count, rows: [] };
  const ids = (type: string) => page.filter((r) => r.object_type === type).map((r) => r.id);
  const [qs, as] = await Promise.all([
    ids('question').length ? db.selectFrom('question').select(['id', 'parsed_text']).where('id', 'in', ids('question')).execute() : [],
    ids('answer').length ? db.selectFrom('answer').select(['id', 'parsed_text']).where('id', 'in', ids('answer')).execute() : [],
  ]);
  const text = new Map([...qs, ...as].map((r) => [r.id, r.parsed_text]));
  const rows = page.map(({ total: _total, ...r }) => ({ ...r, parsed_text: text.get(r.id) ?? '' }) as SearchRow);
  return { count, rows };
}
