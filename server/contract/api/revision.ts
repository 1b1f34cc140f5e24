import type { TagBrief, UserBrief } from './common.js';
import type { QuestionDetail } from './question.js';

/** A question revision's content, shaped like the question's own detail payload. */
export type QuestionRevisionContent = Pick<QuestionDetail, 'id' | 'title' | 'url_title' | 'content' | 'html' | 'description' | 'tags'>;

/** An answer revision's content. */
export interface AnswerRevisionContent {
  id: string;
  question_id: string;
  content: string;
  html: string;
  description: string;
}

/** A tag revision's content. */
export interface TagRevisionContent {
  tag_id: string;
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
  excerpt: string;
  description: string;
  created_at: number;
}

/** A revision's content: the object (question, answer or tag) as that revision made it. */
export type RevisionContent = QuestionRevisionContent | AnswerRevisionContent | TagRevisionContent;

/** GetRevisionResp: an entry of GET revisions, or the suggestion of GET revisions/unreviewed. */
export interface Revision<C extends RevisionContent = RevisionContent> {
  id: string;
  /** The author's user id (the reference's spelling). */
  use_id: string;
  object_id: string;
  title: string;
  /** The question's URL slug (empty for answers and tags). */
  url_title: string;
  content: C;
  /** 0 applied directly, 1 waiting for review, 2 approved, 3 rejected. */
  status: number;
  create_at: number;
  user_info: UserBrief | null;
  /** The edit summary. */
  reason: string;
}

/** A tag's revision (GET revisions for a tag). */
export type TagRevision = Revision<TagRevisionContent>;

/** UnreviewedRevisionInfoInfo: the question, answer or tag as it is now, beside a suggested edit. */
export interface UnreviewedRevisionInfo {
  object_id: string;
  object_type: 'question' | 'answer' | 'tag';
  question_id: string;
  answer_id: string;
  comment_id: string;
  /** The question's title (an answer's question's; a tag's display name). */
  title: string;
  /** The question's URL slug (a tag's slug name). */
  url_title: string;
  content: string;
  html: string;
  tags: TagBrief[];
  answer_accepted: boolean;
  answer_count: number;
  created_at: number;
  object_creator_user_id: string;
  /** The question's list status: 1 listed, 2 unlisted. */
  show_status: number;
  status: number;
}

/** GetUnreviewedRevisionResp: a suggested edit and the object as it is now (GET revisions/unreviewed). */
export interface SuggestedEdit {
  type: 'question' | 'answer' | 'tag' | '';
  info: UnreviewedRevisionInfo | null;
  unreviewed_info: Revision;
}
