import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Button, ProgressSpinner } from '../../components/ui';
import { ApiError } from '../../api/errors';
import { useQueueHead, useReviewingTypes } from '../../api/review/review-query';
import { REVIEW_QUEUES, type ReviewingType, type ReviewQueue } from '../../api/review/types';
import { paths } from '../../app/paths';
import { ErrorPage } from '../../components/ErrorPage';
import { OrderTabs } from '../../components/OrderTabs';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { FlagCard } from './FlagCard';
import { QueuedPostCard } from './QueuedPostCard';
import { SuggestedEditCard } from './SuggestedEditCard';
import '../Timeline/timeline.css';
import './review.css';
import { Icon } from '../../components/Icon';

const isQueue = (s: string | null): s is ReviewQueue => (REVIEW_QUEUES as readonly string[]).includes(s ?? '');

/** The queue the address names, else the first one with work waiting, else the first one offered. */
export function pickQueue(requested: string | null, types: ReviewingType[]): ReviewQueue | null {
  const offered = REVIEW_QUEUES.filter((q) => types.some((x) => x.name === q));
  if (isQueue(requested) && offered.includes(requested)) return requested;
  return offered.find((q) => (types.find((x) => x.name === q)?.todo_amount ?? 0) > 0) ?? offered[0] ?? null;
}

const forbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

/** /review (admin or moderator): queued posts, flagged posts and suggested edits, one item at a time. */
export default function ReviewPage() {
  const { t } = useTranslation();
  usePageTitle(t('review.page_title'));
  const [search] = useSearchParams();
  const types = useReviewingTypes();
  const slow = useDelayed(types.isLoading);
  if (types.isError) {
    if (forbidden(types.error)) return <ErrorPage kind={403} message={(types.error as ApiError).message || undefined} />;
    return <LoadFailed onRetry={() => void types.refetch()} />;
  }
  if (!types.data) return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('review.loading')} /> : null;
  const queue = pickQueue(search.get('type'), types.data);
  if (!queue) return <ErrorPage kind={403} />;
  // the chosen queue goes into the address, so it stays put when it runs empty (and can be shared)
  if (search.get('type') !== queue) return <Navigate to={`${paths.review}?type=${queue}`} replace />;
  const offered = REVIEW_QUEUES.filter((q) => types.data.some((x) => x.name === q));
  const countOf = (q: ReviewQueue) => types.data.find((x) => x.name === q)?.todo_amount ?? 0;
  return (
    <div className="review-page">
      <h1>{t('review.heading')}</h1>
      <OrderTabs
        orders={offered}
        current={queue}
        label={t('review.queues_label')}
        labelOf={(q) => t('review.queue_with_count', { name: t(`review.queue_${q}`), count: countOf(q) })}
        hrefFor={(q) => `${paths.review}?type=${q}`}
      />
      <QueueView key={queue} queue={queue} />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="review-empty" role="alert">
      <p>{t('review.load_failed')}</p>
      <Button label={t('review.retry')} size="small" outlined onClick={onRetry} />
    </div>
  );
}

/** The item at the head of one queue, or the queue's empty state. */
function QueueView({ queue }: { queue: ReviewQueue }) {
  const { t } = useTranslation();
  const head = useQueueHead(queue, true);
  const slow = useDelayed(head.isLoading);
  if (head.isError) {
    if (forbidden(head.error)) return <ErrorPage kind={403} message={(head.error as ApiError).message || undefined} />;
    return <LoadFailed onRetry={() => void head.refetch()} />;
  }
  if (!head.data) return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('review.loading')} /> : null;
  const { count, head: item } = head.data;
  if (!item) {
    return (
      <div className="review-empty">
        <Icon name="check-circle" />
        <p className="review-empty-title">{t(`review.empty_${queue}`)}</p>
        <p className="muted">{t('review.empty_hint')}</p>
      </div>
    );
  }
  return (
    <article className="review-item" aria-label={t('review.item_label')} aria-busy={head.isFetching}>
      <p className="review-position muted small">{t('review.position', { count })}</p>
      {item.queue === 'queued_post' && <QueuedPostCard key={item.item.review_id} item={item.item} />}
      {item.queue === 'flagged_post' && <FlagCard key={item.item.flag_id} item={item.item} />}
      {item.queue === 'suggested_post_edit' && <SuggestedEditCard key={item.item.unreviewed_info.id} item={item.item} />}
    </article>
  );
}
