import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reviewQueuedPost, useReviewAction } from '../../api/review/review-mutations';
import type { QueuedPost } from '../../api/review/types';
import { TimeAgo } from '../../components/TimeAgo';
import { ApproveReject, editLinkOf, PostSummary } from './parts';
import { useDecision } from './useDecision';
import { Icon } from '../../components/Icon';

/** A post the reviewer plugin held back: approve publishes it, reject deletes it; or edit it first. */
export function QueuedPostCard({ item }: { item: QueuedPost }) {
  const { t } = useTranslation();
  const decide = useReviewAction((status: 'approve' | 'reject') => reviewQueuedPost(item.review_id, status));
  const { busy, run } = useDecision();
  const edit = editLinkOf(item);
  return (
    <>
      <div className="review-why">
        <p>
          {t('review.queued_by', { plugin: item.submitter_display_name })} · <TimeAgo seconds={item.submit_at} />
        </p>
        {item.reason && <p>{t('review.queued_reason', { reason: item.reason })}</p>}
      </div>
      <PostSummary post={item} />
      <div className="review-actions" role="group" aria-label={t('review.actions_label')}>
        <ApproveReject
          approve={t('review.approve')}
          reject={t('review.reject')}
          busy={busy}
          onDecide={(d) => void run(d, () => decide.mutateAsync(d), t(d === 'approve' ? 'review.done_approved' : 'review.done_rejected'))}
        />
        {edit && (
          <Link to={edit} className="p-button p-button-sm p-button-text">
            <Icon name="edit" />
            &nbsp;{t('review.edit_post')}
          </Link>
        )}
      </div>
    </>
  );
}
