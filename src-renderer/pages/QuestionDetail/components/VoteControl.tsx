import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import type { VoteStatus } from '../../../api/types';
import { useCastVote, type VoteResult } from '../../../api/vote/vote-cast-mutation';
import { useRequireLogin } from '../../../hooks/useRequireLogin';

/** Up and down votes of a post with its score; a second click on the same arrow takes the vote back. */
export function VoteControl({
  objectId,
  count,
  status,
  label,
  onVoted,
}: {
  objectId: string;
  count: number;
  status: VoteStatus;
  label: string;
  onVoted(r: VoteResult): void;
}) {
  const { t } = useTranslation();
  const vote = useCastVote();
  const requireLogin = useRequireLogin();
  const cast = (direction: 'up' | 'down') => {
    if (!requireLogin()) return;
    const is_cancel = status === (direction === 'up' ? 'vote_up' : 'vote_down');
    vote.mutate({ direction, object_id: objectId, is_cancel }, { onSuccess: onVoted });
  };
  return (
    <div className="vote-control" role="group" aria-label={label}>
      <Button
        type="button"
        text
        rounded
        icon="chevron-up"
        className={status === 'vote_up' ? 'vote-btn voted' : 'vote-btn'}
        aria-label={t('question.vote_up')}
        aria-pressed={status === 'vote_up'}
        disabled={vote.isPending}
        onClick={() => cast('up')}
      />
      <span className="vote-count" data-testid="vote-count">
        {count}
      </span>
      <Button
        type="button"
        text
        rounded
        icon="chevron-down"
        className={status === 'vote_down' ? 'vote-btn voted' : 'vote-btn'}
        aria-label={t('question.vote_down')}
        aria-pressed={status === 'vote_down'}
        disabled={vote.isPending}
        onClick={() => cast('down')}
      />
    </div>
  );
}
