import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { idOut, objectTypeOf } from '../../infra/ids/object-id.js';
import { renderMarkdown } from '../../infra/markdown/render.js';
import { contentObject } from '../revision/revision.service.js';
import { findRevision } from '../post-history/post-history-common.service.js';
import { answerSnapshot, questionSnapshot, tagSnapshot } from '../post-history/revision.snapshot.js';
import type { SessionUser } from '../session/session.service.js';
import { findTagsBySlugs } from '../tag/tag-common.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { HIDDEN_USER, presentObjectInfo, presentRevisionDetail, presentTimelineItem } from './timeline.presenter.js';
import * as repo from './timeline.repository.js';
import type { TimelineDetailQuery, TimelineQuery } from './timeline.schema.js';
import { ACTIVITY_TYPE, type ActivityKey, OBJECT_TYPE } from '../../contract/enums.js';
import { isAdmin } from '../permission/policy.js';
import { findQuestion } from '../post/post.repository.js';

const TIMELINE_KEYS: ActivityKey[] = [
  'question.asked',
  'question.closed',
  'question.reopened',
  'question.answered',
  'question.commented',
  'question.accept',
  'question.edited',
  'question.rollback',
  'question.deleted',
  'question.undeleted',
  'question.pin',
  'question.unpin',
  'question.show',
  'question.hide',
  'answer.answered',
  'answer.commented',
  'answer.edited',
  'answer.rollback',
  'answer.deleted',
  'answer.undeleted',
  'tag.created',
  'tag.edited',
  'tag.rollback',
  'tag.deleted',
  'tag.undeleted',
];
const VOTE_KEYS: ActivityKey[] = ['question.vote_up', 'question.vote_down', 'answer.vote_up', 'answer.vote_down'];
const KEY_BY_TYPE = new Map<number, string>(Object.entries(ACTIVITY_TYPE).map(([k, v]) => [v, k]));
const DOWNVOTES = new Set<number>([ACTIVITY_TYPE['question.vote_down'], ACTIVITY_TYPE['answer.vote_down']]);
const OBJECT_TYPE_NAME: Record<number, string> = {
  [OBJECT_TYPE.question]: 'question',
  [OBJECT_TYPE.answer]: 'answer',
  [OBJECT_TYPE.tag]: 'tag',
  [OBJECT_TYPE.comment]: 'comment',
};

/** The timeline name of an activity type: the key after its first dot; votes read upvote/downvote. */
function activityName(type: number): string {
  const key = KEY_BY_TYPE.get(type) ?? '';
  if (key.endsWith('.vote_up')) return 'upvote';
  if (key.endsWith('.vote_down')) return 'downvote';
  return key.slice(key.indexOf('.') + 1);
}

/**
 * GET activity/timeline: what happened to a question, answer or tag, newest first. Votes only with
 * show_vote; downvoters are shown as N/A except to admins. Deleted objects only for their owner and staff.
 */
export async function objectTimeline(ctx: AppContext, session: SessionUser, q: TimelineQuery) {
  const obj = await contentObject(ctx, session, q.object_id);
  const [seo, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('users')]);
  const permalink = seo.permalink;
  const timelineTypes = TIMELINE_KEYS.map((k) => ACTIVITY_TYPE[k]);
  const rows = await repo.timelineRows(ctx.db, obj.id, timelineTypes, q.show_vote ? VOTE_KEYS.map((k) => ACTIVITY_TYPE[k]) : []);
  const users = await userBriefs(ctx.db, usersCfg, [
    obj.ownerId,
    ...rows.map((r) => (r.trigger_user_id > 0 ? r.trigger_user_id : r.user_id)),
  ]);
  const logs = await repo.revisionLogs(
    ctx.db,
    rows.filter((r) => r.revision_id > 0).map((r) => r.revision_id),
  );
  const comments = await repo.commentHtml(
    ctx.db,
    rows.filter((r) => activityName(r.activity_type) === 'commented').map((r) => r.object_id),
  );
  const closeMsg =
    obj.kind === 'question' && rows.some((r) => r.activity_type === ACTIVITY_TYPE['question.closed'])
      ? await repo.closeMessage(ctx.db, obj.id)
      : '';
  const admin = isAdmin(session);
  // edit summaries and the close message, rendered before the rows are presented (rendering is async)
  const logHtml = new Map<number, string>();
  for (const r of rows)
    if (activityName(r.activity_type) === 'edited' && !logHtml.has(r.revision_id))
      logHtml.set(r.revision_id, await renderMarkdown(logs.get(r.revision_id) ?? ''));
  const closeHtml = closeMsg ? await renderMarkdown(closeMsg) : '';
  const timeline = rows.map((r) => {
    const name = activityName(r.activity_type);
    let comment = '';
    if (name === 'edited') comment = logHtml.get(r.revision_id) ?? '';
    else if (name === 'closed') comment = closeHtml;
    else if (name === 'commented') comment = comments.get(r.object_id) ?? '';
    const userId = r.trigger_user_id > 0 ? r.trigger_user_id : r.user_id;
    const type = objectTypeOf(r.object_id);
    return presentTimelineItem(r, {
      activityType: name,
      objectId: type === OBJECT_TYPE.question || type === OBJECT_TYPE.answer ? idOut(r.object_id, permalink) : r.object_id,
      objectType: (type !== null && OBJECT_TYPE_NAME[type]) || '',
      comment,
      user: DOWNVOTES.has(r.activity_type) && !admin ? HIDDEN_USER : (users.get(userId) ?? null),
    });
  });
  let objectInfo;
  if (obj.kind === 'question') {
    objectInfo = presentObjectInfo({
      title: obj.row.title,
      objectType: 'question',
      questionId: idOut(obj.id, permalink),
      answerId: '',
      mainTagSlugName: '',
      author: users.get(obj.ownerId),
    });
  } else if (obj.kind === 'answer') {
    const question = await findQuestion(ctx.db, obj.row.question_id);
    objectInfo = presentObjectInfo({
      title: question?.title ?? '',
      objectType: 'answer',
      questionId: idOut(obj.row.question_id, permalink),
      answerId: idOut(obj.id, permalink),
      mainTagSlugName: '',
      author: users.get(obj.ownerId),
    });
  } else {
    objectInfo = presentObjectInfo({
      title: obj.row.display_name,
      objectType: 'tag',
      questionId: '',
      answerId: '',
      mainTagSlugName: obj.row.main_tag_slug_name || obj.row.slug_name,
      author: users.get(obj.ownerId),
    });
  }
  return { object_info: objectInfo, timeline };
}

/** One revision, decoded for comparison; 404 when unknown or its object is hidden from the caller. */
async function revisionDetail(ctx: AppContext, session: SessionUser, id: number) {
  const rev = await findRevision(ctx.db, id);
  if (!rev) throw notFound('error.object.not_found');
  await contentObject(ctx, session, rev.object_id);
  if (rev.object_type === OBJECT_TYPE.question) {
    const s = questionSnapshot(rev.content);
    const rows = new Map(
      (
        await findTagsBySlugs(
          ctx.db,
          s.tags.map((t) => t.slug_name),
        )
      ).map((t) => [t.slug_name, t]),
    );
    const tags = s.tags.map((t) => ({
      slug_name: t.slug_name,
      display_name: t.display_name,
      main_tag_slug_name: rows.get(t.slug_name)?.main_tag_slug_name ?? '',
      recommend: rows.get(t.slug_name)?.recommend === 1,
      reserved: rows.get(t.slug_name)?.reserved === 1,
    }));
    return presentRevisionDetail({ title: s.title, tags, originalText: s.content, slugName: '', mainTagSlugName: '' });
  }
  if (rev.object_type === OBJECT_TYPE.answer)
    return presentRevisionDetail({
      title: '',
      tags: [],
      originalText: answerSnapshot(rev.content).content,
      slugName: '',
      mainTagSlugName: '',
    });
  const t = tagSnapshot(rev.content);
  const main = (await findTagsBySlugs(ctx.db, [t.slug_name]))[0]?.main_tag_slug_name ?? '';
  return presentRevisionDetail({
    title: t.display_name,
    tags: [],
    originalText: t.original_text,
    slugName: t.slug_name,
    mainTagSlugName: main,
  });
}

/** GET activity/timeline/detail: the two revisions an "edited" entry compares (old may be absent). */
export async function timelineDetail(ctx: AppContext, session: SessionUser, q: TimelineDetailQuery) {
  const newRevision = await revisionDetail(ctx, session, q.new_revision_id);
  const oldRevision = q.old_revision_id > 0 ? await revisionDetail(ctx, session, q.old_revision_id) : null;
  return { new_revision: newRevision, old_revision: oldRevision };
}
