import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../components/ui';
import type { FlagOperation, FlaggedPost } from '../../api/review/types';
import { ReasonDialog } from '../QuestionDetail/components/ReasonDialog';
import '../QuestionDetail/question-detail.css';
import { EditFlaggedPostDialog } from './EditFlaggedPostDialog';
import { ByLine, PostSummary } from './parts';
import { FlagActions } from './FlagActions';
import { useFlagReview } from './useFlagReview';
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
  const r = useFlagReview(item);
  return (
    <>
      <FlagReason item={item} />
      <PostSummary post={item} />
      <FlagActions ops={flagOperations(item)} busy={r.busy} onChoose={r.choose} />
      <ReasonDialog
        visible={r.dialog === 'close'}
        onHide={r.hideDialog}
        objectType="question"
        action="close"
        busy={r.sending}
        onSubmit={async (reason, content) => {
          await r.decideInDialog(
            { operation_type: 'close_post', close_type: reason.reason_type, close_msg: content },
            t('review.done_closed'),
          );
        }}
      />
      <FlagDeleteDialog visible={r.dialog === 'delete'} busy={r.busy === 'delete_post'} onHide={r.hideDialog} onConfirm={r.deletePost} />
      {r.dialog === 'edit' && (
        <EditFlaggedPostDialog
          post={item}
          onHide={r.hideDialog}
          onSave={async (fields) => {
            await r.decideInDialog({ operation_type: 'edit_post', ...fields }, t('review.done_edited'));
          }}
        />
      )}
    </>
  );
}

/** Why the post was flagged: the reason, its description, the remark, and who flagged it when. */
function FlagReason({ item }: { item: FlaggedPost }) {
  const { t } = useTranslation();
  return (
    <div className="review-why">
      <p className="review-flag-reason">
        <strong>{t('review.flag_reason', { reason: item.reason?.name || '—' })}</strong>
      </p>
      {item.reason?.description && <p className="muted small">{item.reason.description}</p>}
      {item.reason_content && <p>{t('review.flag_remark', { remark: item.reason_content })}</p>}
      <ByLine label={t('review.flagged_by')} user={item.submitter_user} at={item.submit_at} />
    </div>
  );
}

/** The confirmation of deleting a flagged post. */
function FlagDeleteDialog({ visible, busy, onHide, onConfirm }: { visible: boolean; busy: boolean; onHide(): void; onConfirm(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={t('review.delete_title')}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(28rem, 92vw)' }}
      footer={
        <div className="dialog-buttons">
          <Button type="button" text label={t('common.cancel')} onClick={onHide} />
          <Button type="button" severity="danger" label={t('review.delete_confirm')} loading={busy} onClick={onConfirm} />
        </div>
      }
    >
      <p>{t('review.delete_text')}</p>
    </Dialog>
  );
}
