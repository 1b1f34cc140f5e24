import type { AnswerRow, QuestionRow, RevisionRow, TagRow } from '../../db/tables/content.table.js';
import { htmlToExcerpt, urlTitle } from '../../infra/markdown/render.js';
import { idOut } from '../../infra/ids/object-id.js';
import type { TagBrief } from '../tag/tag.usage.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';
import type { RevisionContent, Revision, UnreviewedRevisionInfo } from '../../contract/api/revision.js';
import { answerSnapshot, questionSnapshot, tagSnapshot } from '../post-history/revision.snapshot.js';
import { ADOPTED, OBJECT_TYPE, SHOW_STATUS } from '../../contract/enums.js';

/** Object type names by code. */
export const TYPE_NAME: Record<number, 'question' | 'answer' | 'tag'> = { 1: 'question', 2: 'answer', 3: 'tag' };

/** Tag briefs by slug, to dress the tags of a question snapshot. */
export type TagLookup = Map<string, Pick<TagRow, 'slug_name' | 'display_name' | 'main_tag_slug_name' | 'recommend' | 'reserved'>>;

/** The tags of a snapshot as posts show them. */
function snapshotTags(tags: { slug_name: string; display_name: string }[], lookup: TagLookup, requiredTagOn: boolean): TagBrief[] {
  return tags.map((t) => {
    const row = lookup.get(t.slug_name);
    return {
      slug_name: t.slug_name,
      display_name: row?.display_name ?? t.display_name,
      main_tag_slug_name: row?.main_tag_slug_name ?? '',
      recommend: requiredTagOn && row?.recommend === 1,
      reserved: row?.reserved === 1,
    };
  });
}

/** The decoded content of a revision, shaped like the object's own detail payload. */
export function revisionContent(
  rev: Pick<RevisionRow, 'object_type' | 'content' | 'created_at'>,
  lookup: TagLookup,
  requiredTagOn: boolean,
  permalink: number,
): RevisionContent {
  if (rev.object_type === OBJECT_TYPE.question) {
    const s = questionSnapshot(rev.content);
    return {
      id: idOut(s.id, permalink),
      title: s.title,
      url_title: urlTitle(s.title),
      content: s.content,
      html: s.html,
      description: htmlToExcerpt(s.html),
      tags: snapshotTags(s.tags, lookup, requiredTagOn),
    };
  }
  if (rev.object_type === OBJECT_TYPE.answer) {
    const s = answerSnapshot(rev.content);
    return {
      id: idOut(s.id, permalink),
      question_id: idOut(s.question_id, permalink),
      content: s.content,
      html: s.html,
      description: htmlToExcerpt(s.html),
    };
  }
  const s = tagSnapshot(rev.content);
  return {
    tag_id: s.id,
    slug_name: s.slug_name,
    display_name: s.display_name,
    original_text: s.original_text,
    parsed_text: s.parsed_text,
    excerpt: htmlToExcerpt(s.parsed_text),
    description: htmlToExcerpt(s.parsed_text),
    created_at: rev.created_at,
  };
}

/** GetRevisionResp. */
export function presentRevision<C extends RevisionContent>(
  rev: RevisionRow,
  content: C,
  user: UserBasicInfo | undefined,
  permalink: number,
): Revision<C> {
  return {
    id: String(rev.id),
    use_id: String(rev.user_id),
    object_id: idOut(rev.object_id, permalink),
    title: rev.title,
    url_title: rev.object_type === OBJECT_TYPE.question && rev.title ? urlTitle(rev.title) : '',
    content,
    status: rev.status,
    create_at: rev.created_at,
    user_info: user ?? null,
    reason: rev.log,
  };
}

/** The current state of a question, answer or tag beside a suggestion (UnreviewedRevisionInfoInfo). */
export function presentUnreviewedInfo(
  o:
    | { kind: 'question'; q: QuestionRow; tags: TagBrief[] }
    | { kind: 'answer'; a: AnswerRow; q: QuestionRow | undefined; tags: TagBrief[] }
    | { kind: 'tag'; t: TagRow },
  permalink: number,
): UnreviewedRevisionInfo {
  if (o.kind === 'question') {
    const q = o.q;
    return {
      object_id: idOut(q.id, permalink),
      object_type: 'question',
      question_id: idOut(q.id, permalink),
      answer_id: '',
      comment_id: '',
      title: q.title,
      url_title: urlTitle(q.title),
      content: q.original_text,
      html: q.parsed_text,
      tags: o.tags,
      answer_accepted: q.accepted_answer_id !== '0',
      answer_count: q.answer_count,
      created_at: q.created_at,
      object_creator_user_id: String(q.user_id),
      show_status: q.show,
      status: q.status,
    };
  }
  if (o.kind === 'answer') {
    const { a, q } = o;
    return {
      object_id: idOut(a.id, permalink),
      object_type: 'answer',
      question_id: idOut(a.question_id, permalink),
      answer_id: idOut(a.id, permalink),
      comment_id: '',
      title: q?.title ?? '',
      url_title: q ? urlTitle(q.title) : '',
      content: a.original_text,
      html: a.parsed_text,
      tags: o.tags,
      answer_accepted: a.adopted === ADOPTED.accepted,
      answer_count: q?.answer_count ?? 0,
      created_at: a.created_at,
      object_creator_user_id: String(a.user_id),
      show_status: q?.show ?? 1,
      status: a.status,
    };
  }
  const t = o.t;
  return {
    object_id: t.id,
    object_type: 'tag',
    question_id: '',
    answer_id: '',
    comment_id: '',
    title: t.display_name,
    url_title: t.slug_name,
    content: t.original_text,
    html: t.parsed_text,
    tags: [],
    answer_accepted: false,
    answer_count: 0,
    created_at: t.created_at,
    object_creator_user_id: String(t.user_id),
    show_status: SHOW_STATUS.shown,
    status: t.status,
  };
}

/** One entry of GET reviewing/type. */
export function presentReviewingType(name: string, label: string, todo: number) {
  return { name, label, todo_amount: todo };
}
