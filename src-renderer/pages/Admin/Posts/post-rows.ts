import type { TFunction } from 'i18next';
import type { AdminAnswer, AdminQuestion } from '../../../api/admin/types';
import { to } from '../../../app/paths';

/** One line of the posts table, whether a question or an answer. */
export interface Row {
  id: string;
  title: string;
  href: string;
  excerpt?: string;
  votes: number;
  answers?: number;
  author: string;
  authorHref?: string;
  created: number;
}

/** The questions as table rows. */
export function questionRows(t: TFunction, list: AdminQuestion[]): Row[] {
  return list.map((q) => ({
    id: q.id,
    title: q.title,
    href: to.question(q.id),
    votes: q.vote_count,
    answers: q.answer_count,
    author: q.user_info?.display_name ?? t('admin.posts.anonymous'),
    authorHref: q.user_info ? to.user(q.user_info.username) : undefined,
    created: q.create_time,
  }));
}

/** The answers as table rows: the question's title, linked to the answer (with the slug when permalinks carry it). */
export function answerRows(t: TFunction, list: AdminAnswer[], withSlug: boolean): Row[] {
  return list.map((a) => ({
    id: a.id,
    title: a.question_info.title,
    href: withSlug ? to.question(a.question_id, 'answer', a.id) : to.question(a.question_id, a.id),
    excerpt: a.description,
    votes: a.vote_count,
    author: a.user_info?.display_name ?? t('admin.posts.anonymous'),
    authorHref: a.user_info ? to.user(a.user_info.username) : undefined,
    created: a.create_time,
  }));
}
