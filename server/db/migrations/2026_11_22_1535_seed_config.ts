import type { Kysely } from 'kysely';

// The config rows with the reference's fixed ids: activity types point at these ids, and
// reasons are referenced by id. Frozen: later changes go in new migrations.
const POINTS: [number, string, number][] = [
  [1, 'answer.accepted', 15],
  [2, 'answer.voted_up', 10],
  [3, 'question.voted_up', 10],
  [4, 'tag.edit_accepted', 2],
  [5, 'answer.accept', 2],
  [6, 'answer.voted_down_cancel', 2],
  [7, 'question.voted_down_cancel', 2],
  [8, 'answer.vote_down_cancel', 1],
  [9, 'question.vote_down_cancel', 1],
  [10, 'user.activated', 1],
  [11, 'edit.accepted', 2],
  [12, 'answer.vote_down', -1],
  [13, 'question.voted_down', -2],
  [14, 'answer.voted_down', -2],
  [15, 'answer.accept_cancel', -2],
  [16, 'answer.deleted', -5],
  [17, 'question.voted_up_cancel', -10],
  [18, 'answer.voted_up_cancel', -10],
  [19, 'answer.accepted_cancel', -15],
  [20, 'object.reported', -100],
  [21, 'edit.rejected', -2],
  [22, 'daily_rank_limit', 200],
  [24, 'user.follow', 0],
  [25, 'comment.vote_up', 0],
  [26, 'comment.vote_up_cancel', 0],
  [27, 'question.vote_down', 0],
  [28, 'question.vote_up', 0],
  [29, 'question.vote_up_cancel', 0],
  [30, 'answer.vote_up', 0],
  [31, 'answer.vote_up_cancel', 0],
  [32, 'question.follow', 0],
  [35, 'tag.follow', 0],
];

// Privilege thresholds at level 2 (what install applies); -1 = power only (staff).
const RANKS: [number, string, number][] = [
  [36, 'question.add', 1],
  [37, 'question.edit', 100],
  [38, 'question.delete', -1],
  [39, 'question.vote_up', 8],
  [40, 'question.vote_down', 125],
  [41, 'answer.add', 1],
  [42, 'answer.edit', 100],
  [43, 'answer.delete', -1],
  [44, 'answer.accept', -1],
  [45, 'answer.vote_up', 8],
  [46, 'answer.vote_down', 125],
  [47, 'comment.add', 1],
  [48, 'comment.edit', -1],
  [49, 'comment.delete', -1],
  [50, 'report.add', 1],
  [51, 'tag.add', 750],
  [52, 'tag.edit', 50],
  [53, 'tag.delete', -1],
  [54, 'tag.synonym', 10000],
  [55, 'link.url_limit', 10],
  [56, 'vote.detail', 0],
  [107, 'comment.vote_up', 1],
  [108, 'comment.vote_down', 1],
  [109, 'question.edit_without_review', 1000],
  [110, 'answer.edit_without_review', 1000],
  [111, 'tag.edit_without_review', 10000],
  [112, 'answer.audit', 1000],
  [113, 'question.audit', 1000],
  [114, 'tag.audit', 2500],
  [115, 'question.close', -1],
  [116, 'question.reopen', -1],
  [117, 'tag.use_reserved_tag', -1],
  [123, 'question.pin', -1],
  [124, 'question.unpin', -1],
  [125, 'question.show', -1],
  [126, 'question.hide', -1],
  [127, 'answer.invite_someone_to_answer', 500],
  [128, 'answer.undeleted', -1],
  [129, 'question.undeleted', -1],
  [130, 'tag.undeleted', -1],
];

const REASONS: [number, string, Record<string, string>][] = [
  [57, 'reason.spam', {}],
  [58, 'reason.rude_or_abusive', {}],
  [59, 'reason.something', { content_type: 'textarea' }],
  [60, 'reason.a_duplicate', { content_type: 'text' }],
  [61, 'reason.not_a_answer', {}],
  [62, 'reason.no_longer_needed', {}],
  [63, 'reason.community_specific', {}],
  [64, 'reason.not_clarity', {}],
  [65, 'reason.normal', {}],
  [66, 'reason.normal.user', {}],
  [67, 'reason.closed', {}],
  [68, 'reason.deleted', {}],
  [69, 'reason.deleted.user', {}],
  [70, 'reason.suspended', {}],
  [71, 'reason.inactive', {}],
  [72, 'reason.looks_ok', {}],
  [73, 'reason.needs_edit', {}],
  [74, 'reason.needs_close', {}],
  [75, 'reason.needs_delete', {}],
];

const REASON_LISTS: [number, string, string[]][] = [
  [76, 'question.flag.reasons', ['spam', 'rude_or_abusive', 'something', 'a_duplicate']],
  [77, 'answer.flag.reasons', ['spam', 'rude_or_abusive', 'something', 'not_a_answer']],
  [78, 'comment.flag.reasons', ['spam', 'rude_or_abusive', 'something', 'no_longer_needed']],
  [79, 'question.close.reasons', ['a_duplicate', 'community_specific', 'not_clarity', 'something']],
  [80, 'question.status.reasons', ['normal', 'closed', 'deleted']],
  [81, 'answer.status.reasons', ['normal', 'deleted']],
  [82, 'comment.status.reasons', ['normal', 'deleted']],
  [83, 'user.status.reasons', ['normal.user', 'suspended', 'deleted.user', 'inactive']],
  [84, 'question.review.reasons', ['looks_ok', 'needs_edit', 'needs_close', 'needs_delete']],
  [85, 'answer.review.reasons', ['looks_ok', 'needs_edit', 'needs_delete']],
  [86, 'comment.review.reasons', ['looks_ok', 'needs_edit', 'needs_delete']],
];

const TIMELINE: [number, string][] = [
  [87, 'question.asked'],
  [88, 'question.closed'],
  [89, 'question.reopened'],
  [90, 'question.answered'],
  [91, 'question.commented'],
  [92, 'question.accept'],
  [93, 'question.edited'],
  [94, 'question.rollback'],
  [95, 'question.deleted'],
  [96, 'question.undeleted'],
  [97, 'answer.answered'],
  [98, 'answer.commented'],
  [99, 'answer.edited'],
  [100, 'answer.rollback'],
  [101, 'answer.undeleted'],
  [102, 'tag.created'],
  [103, 'tag.edited'],
  [104, 'tag.rollback'],
  [105, 'tag.deleted'],
  [106, 'tag.undeleted'],
  [119, 'question.pin'],
  [120, 'question.unpin'],
  [121, 'question.show'],
  [122, 'question.hide'],
];

/** Seeds the config table. */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; key: string; value: string }[] = [
    ...POINTS.map(([id, key, v]) => ({ id, key, value: String(v) })),
    { id: 23, key: 'daily_rank_limit.exclude', value: JSON.stringify(['answer.accepted']) },
    {
      id: 33,
      key: 'email.config',
      value: JSON.stringify({
        from_email: '',
        from_name: '',
        smtp_host: '',
        smtp_port: 465,
        smtp_username: '',
        smtp_password: '',
        smtp_authentication: true,
        encryption: '',
      }),
    },
    { id: 118, key: 'plugin.status', value: '{}' },
    ...RANKS.map(([id, key, v]) => ({ id, key: `rank.${key}`, value: String(v) })),
    ...REASONS.map(([id, key, extra]) => ({
      id,
      key,
      value: JSON.stringify({ name: `${key}.name`, description: `${key}.desc`, ...extra }),
    })),
    ...REASON_LISTS.map(([id, key, list]) => ({ id, key, value: JSON.stringify(list) })),
    ...TIMELINE.map(([id, key]) => ({ id, key, value: '0' })),
  ];
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('config')
      .values(rows.slice(i, i + 50))
      .execute();
  }
}

/** Empties the config table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('config').execute();
}
