import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Dialog } from '../../components/ui';
import { ApiError } from '../../api/errors';
import { reviewFlag, useReviewAction } from '../../api/review/review-mutations';
import type { FlagOperation, FlaggedPost, FlagReviewInput } from '../../api/review/types';
import { paths } from '../../app/paths';
import { useFeedback } from '../../components/Feedback';
import type { IconName } from '../../components/Icon';
import { ReasonDialog } from '../QuestionDetail/components/ReasonDialog';
import '../QuestionDetail/question-detail.css';
import { EditFlaggedPostDialog } from './EditFlaggedPostDialog';
import { ByLine, PostSummary } from './parts';
import { useDecision } from './useDecision';
import { POST_STATUS, SHOW_STATUS } from '../../../server/contract/enums';

/** Which operations a flagged post offers: close and unlist are for open, listed questions; deleted posts can only be set aside. */
export function flagOperations(item: Pick<FlaggedPost, 'object_type' | 'object_status' | 'object_show_status'>): FlagOperation[] {
  if (item.object_status === POST_STATUS.deleted) return ['ignore_report'];
  const ops: FlagOperation[] = ['edit_post'];
  if (item.object_type === 'question' && item.object_status !== POST_STATUS.closed) ops.push('close_post');
  ops.push('delete_post');
  if (item.object_type === 'question' && item.object_show_status !== SHOW_STATUS.hidden) ops.push('unlist_post');
  ops.push('ignore_report');
  return ops;
}

/** A flagged post with the flag's reason: edit, close, delete or unlist the post, or ignore the flag. */
export function FlagCard({ item }: { item: FlaggedPost }) {
  const { t } = useTranslation();
  const act = useReviewAction((body: Omit<FlagReviewInput, 'flag_id'>) => reviewFlag({ flag_id: item.flag_id, ...body }));
  const { busy, run } = useDecision();
  const feedback = useFeedback();
  const [dialog, setDialog] = useState<'close' | 'delete' | 'edit' | null>(null);
  const ops = flagOperations(item);
  const navigate = useNavigate();
  // the close and edit dialogs keep field errors on their fields; a refusal of the role shows the 403 page
  const inDialog = async (body: Omit<FlagReviewInput, 'flag_id'>, done: string) => {
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
  const labels: Record<FlagOperation, string> = {
    edit_post: t('review.edit_post'),
    close_post: t('review.close_post'),
    delete_post: t('review.delete_post'),
    unlist_post: t('review.unlist_post'),
    ignore_report: t('review.ignore_flag'),
  };
  const icons: Record<FlagOperation, IconName> = {
    edit_post: 'edit',
    close_post: 'lock',
    delete_post: 'trash',
    unlist_post: 'eye-off',
    ignore_report: 'ban',
  };
  const onClick = (op: FlagOperation) => {
    if (op === 'edit_post') return () => setDialog('edit');
    if (op === 'close_post') return () => setDialog('close');
    if (op === 'delete_post') return () => setDialog('delete');
    if (op === 'unlist_post') return simple(op, t('review.done_unlisted'));
    return simple(op, t('review.done_ignored'));
  };
  return (
    <>
      <div className="review-why">
        <p className="review-flag-reason">
          <strong>{t('review.flag_reason', { reason: item.reason?.name || '—' })}</strong>
        </p>
        {item.reason?.description && <p className="muted small">{item.reason.description}</p>}
        {item.reason_content && <p>{t('review.flag_remark', { remark: item.reason_content })}</p>}
        <ByLine label={t('review.flagged_by')} user={item.submitter_user} at={item.submit_at} />
      </div>
      <PostSummary post={item} />
      <div className="review-actions" role="group" aria-label={t('review.actions_label')}>
        {ops.map((op) => (
          <Button
            key={op}
            label={labels[op]}
            icon={icons[op]}
            size="small"
            severity={op === 'delete_post' ? 'danger' : op === 'ignore_report' ? 'secondary' : undefined}
            outlined={op !== 'close_post' && op !== 'edit_post'}
            disabled={busy !== null}
            loading={busy === op}
            onClick={onClick(op)}
          />
        ))}
      </div>
      <ReasonDialog
        visible={dialog === 'close'}
        onHide={() => setDialog(null)}
        objectType="question"
        action="close"
        busy={act.isPending}
        onSubmit={async (reason, content) => {
          await inDialog({ operation_type: 'close_post', close_type: reason.reason_type, close_msg: content }, t('review.done_closed'));
        }}
      />
      <Dialog
        header={t('review.delete_title')}
        visible={dialog === 'delete'}
        onHide={() => setDialog(null)}
        style={{ width: 'min(28rem, 92vw)' }}
        footer={
          <div className="dialog-buttons">
            <Button type="button" text label={t('common.cancel')} onClick={() => setDialog(null)} />
            <Button
              type="button"
              severity="danger"
              label={t('review.delete_confirm')}
              loading={busy === 'delete_post'}
              onClick={() => {
                void run('delete_post', () => act.mutateAsync({ operation_type: 'delete_post' }), t('review.done_deleted')).then(() =>
                  setDialog(null),
                );
              }}
            />
          </div>
        }
      >
        <p>{t('review.delete_text')}</p>
      </Dialog>
      {dialog === 'edit' && (
        <EditFlaggedPostDialog
          post={item}
          onHide={() => setDialog(null)}
          onSave={async (fields) => {
            await inDialog({ operation_type: 'edit_post', ...fields }, t('review.done_edited'));
          }}
        />
      )}
    </>
  );
}
