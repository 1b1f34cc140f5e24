import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RevisionSide } from '../../api/activity/types';
import { auditRevision, useReviewAction } from '../../api/review/review-mutations';
import type { QuestionRevisionContent, SuggestedEdit, TagRevisionContent } from '../../api/review/types';
import { to } from '../../app/paths';
import { RevisionCompare } from '../Timeline/RevisionDetail';
import { ApproveReject, ByLine, usePostLink } from './parts';
import { useDecision } from './useDecision';

/** The current object as one side of the comparison. */
export function currentSide(s: SuggestedEdit): RevisionSide {
  const i = s.info;
  return { title: i?.title ?? '', tags: i?.tags ?? [], original_text: i?.content ?? '', slug_name: '', main_tag_slug_name: '' };
}

/** The suggested revision as the other side (a tag's title is its display name). */
export function suggestedSide(s: SuggestedEdit): RevisionSide {
  // the content is shaped like the object: a question's (an answer's has no title or tags) or a tag's
  const c: Partial<QuestionRevisionContent & TagRevisionContent> = s.unreviewed_info.content;
  if (s.type === 'tag')
    return {
      title: c.display_name ?? '',
      tags: [],
      original_text: c.original_text ?? '',
      slug_name: c.slug_name ?? '',
      main_tag_slug_name: '',
    };
  return {
    title: c.title ?? s.info?.title ?? '',
    tags: c.tags ?? s.info?.tags ?? [],
    original_text: c.content ?? '',
    slug_name: '',
    main_tag_slug_name: '',
  };
}

/** A suggested edit: what it changes against the post as it is now; approve applies it, reject drops it. */
export function SuggestedEditCard({ item }: { item: SuggestedEdit }) {
  const { t } = useTranslation();
  const rev = item.unreviewed_info;
  const decide = useReviewAction((operation: 'approve' | 'reject') => auditRevision(rev.id, operation));
  const { busy, run } = useDecision();
  const info = item.info;
  const postHref = usePostLink({
    question_id: info?.question_id ?? '',
    answer_id: info?.answer_id ?? '',
    url_title: info?.url_title ?? '',
  });
  const href = item.type === 'tag' ? to.tagInfo(info?.url_title ?? '') : postHref;
  const typeWord =
    item.type === 'question' ? t('review.type_question') : item.type === 'answer' ? t('review.type_answer') : t('review.type_tag');
  const heading = item.type === 'answer' ? t('review.answer_to', { title: info?.title ?? '' }) : (info?.title ?? '');
  return (
    <>
      <div className="review-why">
        <ByLine label={t('review.suggested_by')} user={rev.user_info} at={rev.create_at} />
        <p>{rev.reason ? t('review.edit_summary', { summary: rev.reason }) : t('review.no_summary')}</p>
      </div>
      <section className="review-post" aria-label={t('review.post_label')}>
        <p className="review-kind">
          <span className="review-type">{typeWord}</span>
        </p>
        <h2 className="review-title">{info ? <Link to={href}>{heading}</Link> : heading}</h2>
        <h3 className="review-subheading">{t('review.diff_heading')}</h3>
        <RevisionCompare before={currentSide(item)} after={suggestedSide(item)} objectType={item.type || 'question'} />
      </section>
      <div className="review-actions" role="group" aria-label={t('review.actions_label')}>
        <ApproveReject
          approve={t('review.approve_edit')}
          reject={t('review.reject_edit')}
          busy={busy}
          onDecide={(d) => void run(d, () => decide.mutateAsync(d), t(d === 'approve' ? 'review.done_approved' : 'review.done_rejected'))}
        />
      </div>
    </>
  );
}
