// The workloads the bench drives: our API calls, and for each the ceiling's closest single query.

/** One workload: the API requests it cycles through and its ceiling route with parameters. */
export interface Workload {
  name: string;
  requests: {
    method?: 'GET' | 'POST' | 'PUT';
    path: string;
    body?: string;
    auth?: boolean;
    /** Paths taken in turn instead of `path`, one per request. */ paths?: string[];
  }[];
  ceiling: string | null;
  /** Set for write workloads: each request gets a fresh body. */
  writes?: boolean;
  /**
   * Requests per second, sent on a fixed schedule whatever the answers (latency counted from when
   * each was due; see drivePaced in run.ts); unset: each connection sends as soon as answered.
   */
  rate?: number;
}

/**
 * The write mix's throughput on the 100k site when issue 19 was filed (one thread serving every
 * read): write_mix_paced sends it at this rate, to measure latency at the same throughput.
 */
export const WRITE_MIX_BASELINE_RPS = 333;

const listSql = (order: string, where = 'q.status in (1, 2) and q.show = 1') => `
  select q.id, q.title, q.vote_count, q.answer_count, q.view_count, q.created_at, u.username, u.display_name, u.avatar, u.rank
  from question q join user u on u.id = q.user_id
  where ${where} order by q.pin desc, ${order} limit 20 offset :offset`;

/** The ceiling's SQL per workload (named parameters come from the ceiling route's query string). */
export const CEILING_QUERIES: Record<string, { sql: string }> = {
  list_newest: { sql: listSql('q.created_at desc') },
  list_active: { sql: listSql('q.post_update_time desc') },
  list_hot: { sql: listSql('q.hot_score desc') },
  list_score: { sql: listSql('q.vote_count desc') },
  list_unanswered: { sql: listSql('q.created_at desc', 'q.status = 1 and q.show = 1 and q.answer_count = 0') },
  detail: {
    sql: `select a.id, a.parsed_text, a.vote_count, u.username,
      (select json_group_array(c.parsed_text) from comment c where c.object_id = a.id and c.status = 1) as comments
      from answer a join user u on u.id = a.user_id where a.question_id = :id and a.status = 1 order by a.vote_count desc limit 10`,
  },
  tag: {
    sql: `select q.id, q.title, q.vote_count, q.answer_count from question q
      where q.status in (1, 2) and q.show = 1 and exists (select 1 from tag_rel r join tag t on t.id = r.tag_id where r.object_id = q.id and t.slug_name = :tag and r.status = 1)
      order by q.created_at desc limit 20`,
  },
  user: {
    sql: `select u.id, u.username, u.display_name, u.rank, u.question_count, u.answer_count, u.bio_html from user u where u.username = :username`,
  },
  search_words: { sql: `select rowid from search_index where search_index match :q order by bm25(search_index) limit 20` },
  notification_status: { sql: `select count(*) as n from notification where user_id = :user and is_read = 1 and status = 1` },
};

/**
 * Distinct two-word searches from the dumps' titles (words of four letters or more, next to each
 * other), in a fixed order: enough that a run never repeats one.
 */
export function distinctSearches(titles: string[], max = 5000): string[] {
  const out = new Set<string>();
  for (const title of titles) {
    const words = title.toLowerCase().match(/[a-z]{4,}/g) ?? [];
    for (let i = 0; i + 1 < words.length && out.size < max; i++) if (words[i] !== words[i + 1]) out.add(`${words[i]} ${words[i + 1]}`);
  }
  return [...out];
}

/** The read and write workloads for a generated site. */
export function workloads(s: {
  busyQuestionId: string;
  questionId: string;
  tag: string;
  username: string;
  deepPage: number;
  searches: string[];
}): Workload[] {
  const V1 = '/answer/api/v1';
  const list = (order: string, page = 1) => ({ path: `${V1}/question/page?order=${order}&page=${page}&page_size=20` });
  const writeMix: Workload['requests'] = [
    { method: 'POST', path: `${V1}/question`, auth: true },
    { method: 'POST', path: `${V1}/answer`, auth: true },
    { method: 'POST', path: `${V1}/comment`, auth: true },
    { method: 'POST', path: `${V1}/vote/up`, auth: true },
    list('newest'),
    { path: `${V1}/question/info?id=${s.questionId}` },
  ];
  return [
    { name: 'list_newest', requests: [list('newest')], ceiling: 'list_newest?offset=0' },
    { name: 'list_newest_deep', requests: [list('newest', s.deepPage)], ceiling: `list_newest?offset=${(s.deepPage - 1) * 20}` },
    { name: 'list_active', requests: [list('active')], ceiling: 'list_active?offset=0' },
    { name: 'list_hot', requests: [list('hot')], ceiling: 'list_hot?offset=0' },
    { name: 'list_score', requests: [list('score')], ceiling: 'list_score?offset=0' },
    { name: 'list_unanswered', requests: [list('unanswered')], ceiling: 'list_unanswered?offset=0' },
    { name: 'list_frequent', requests: [list('frequent')], ceiling: 'list_newest?offset=0' },
    {
      name: 'question_detail',
      requests: [
        { path: `${V1}/question/info?id=${s.busyQuestionId}` },
        { path: `${V1}/answer/page?question_id=${s.busyQuestionId}&order=default&page=1&page_size=10` },
        { path: `${V1}/comment/page?object_id=${s.busyQuestionId}&page=1&page_size=5` },
      ],
      ceiling: `detail?id=${s.busyQuestionId}`,
    },
    {
      name: 'tag_page',
      requests: [
        { path: `${V1}/tag?name=${encodeURIComponent(s.tag)}` },
        { path: `${V1}/question/page?tag=${encodeURIComponent(s.tag)}&order=newest&page=1&page_size=20` },
      ],
      ceiling: `tag?tag=${encodeURIComponent(s.tag)}`,
    },
    {
      name: 'user_page',
      requests: [{ path: `${V1}/personal/user/info?username=${s.username}` }, { path: `${V1}/personal/qa/top?username=${s.username}` }],
      ceiling: `user?username=${s.username}`,
    },
    {
      name: 'search_words',
      requests: [{ path: `${V1}/search?q=${encodeURIComponent('history question')}&order=relevance&page=1&size=20` }],
      ceiling: `search_words?q=${encodeURIComponent('history question')}`,
    },
    {
      name: 'search_phrase',
      requests: [{ path: `${V1}/search?q=${encodeURIComponent('"the question"')}&order=relevance&page=1&size=20` }],
      ceiling: `search_words?q=${encodeURIComponent('"the question"')}`,
    },
    {
      name: 'search_tag_word',
      requests: [{ path: `${V1}/search?q=${encodeURIComponent(`[${s.tag}] history`)}&page=1&size=20` }],
      ceiling: `search_words?q=history`,
    },
    {
      name: 'search_user',
      requests: [{ path: `${V1}/search?q=${encodeURIComponent(`user:${s.username} history`)}&page=1&size=20` }],
      ceiling: `search_words?q=history`,
    },
    // every request a different search (two words of a real title), so nothing can be reused: the cost of a search itself
    {
      name: 'search_distinct',
      requests: [
        {
          path: `${V1}/search?q=history&page=1&size=20`,
          paths: s.searches.map((q) => `${V1}/search?q=${encodeURIComponent(q)}&order=relevance&page=1&size=20`),
        },
      ],
      ceiling: `search_words?q=${encodeURIComponent('history question')}`,
    },
    { name: 'notification_poll_50', requests: [{ path: `${V1}/notification/status`, auth: true }], ceiling: 'notification_status?user=2' },
    {
      name: 'write_mix',
      writes: true,
      requests: writeMix,
      ceiling: null,
    },
    // the same mix sent at the rate it was served at before, not as fast as it is answered: its
    // latency at the same throughput
    {
      name: 'write_mix_paced',
      writes: true,
      requests: writeMix,
      ceiling: null,
      rate: WRITE_MIX_BASELINE_RPS,
    },
  ];
}
