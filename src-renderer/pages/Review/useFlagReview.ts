import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { reviewFlag, useReviewAction } from '../../api/review/review-mutations';
import type { FlagOperation, FlaggedPost, FlagReviewInput } from '../../api/review/types';
import { paths } from '../../app/paths';
import { useFeedback } from '../../components/Feedback';
import { useDecision } from './useDecision';

/** The decision taken on a flag, without the flag's id. */
type FlagDecision = Omit<FlagReviewInput, 'flag_id'>;

/**
 * The decisions on one flag: `choose` runs unlist and ignore at once and opens the dialog of edit,
 * close and delete; `decideInDialog` sends a dialog's decision, `deletePost` the confirmed delete.
 */
export function useFlagReview(item: FlaggedPost) {
  const { t } = useTranslation();
  const act = useReviewAction((body: FlagDecision) => reviewFlag({ flag_id: item.flag_id, ...body }));
  const { busy, run } = useDecision();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'close' | 'delete' | 'edit' | null>(null);

  // the close and edit dialogs keep field errors on their fields; a refusal of the role shows the 403 page
  const decideInDialog = async (body: FlagDecision, done: string) => {
    try {
      await act.mutateAsync(body);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        navigate(paths.forbidden);
        return;
      }
      throw err;
    }
    setDialog(null);
    feedback.toast('success', done);
  };
  const simple = (op: FlagOperation, done: string) => () => void run(op, () => act.mutateAsync({ operation_type: op }), done);
  const choose = (op: FlagOperation) => {
    if (op === 'edit_post') return () => setDialog('edit');
    if (op === 'close_post') return () => setDialog('close');
    if (op === 'delete_post') return () => setDialog('delete');
    if (op === 'unlist_post') return simple(op, t('review.done_unlisted'));
    return simple(op, t('review.done_ignored'));
  };
  const deletePost = () => {
    void run('delete_post', () => act.mutateAsync({ operation_type: 'delete_post' }), t('review.done_deleted')).then(() => setDialog(null));
  };

  return { busy, sending: act.isPending, dialog, hideDialog: () => setDialog(null), choose, decideInDialog, deletePost };
}
