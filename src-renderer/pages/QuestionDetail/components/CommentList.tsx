import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { useRequireLogin } from '../../../hooks/useRequireLogin';
import { CommentEditor } from './CommentEditor';
import { CommentItem } from './CommentItem';
import { ConfirmDialog } from './ConfirmDialog';
import { ReasonDialog } from './ReasonDialog';
import { useCommentList, type CommentMode } from './useCommentList';

/** A post's comments, oldest first, with up-votes, reply, edit, delete, flag, "show more" and the add-comment form. */
export function CommentList({ objectId, canAdd }: { objectId: string; canAdd: boolean }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const c = useCommentList(objectId);
  const { comments, list, mode } = c;
  const editor = (m: CommentMode) => (
    <CommentEditor
      mode={m}
      fieldId={`comment-${objectId}`}
      busy={c.saving(m)}
      onCancel={() => c.setMode(null)}
      onSubmit={(text, mentions, captcha) => c.save(m, text, mentions, captcha)}
    />
  );

  return (
    <div className="comments">
      {list.length > 0 && (
        <ul className="comment-list" aria-label={t('comment.list_label')}>
          {list.map((item) => (
            <CommentItem
              key={item.comment_id}
              comment={item}
              canAdd={canAdd}
              actions={c}
              form={mode && mode.kind !== 'add' && mode.comment.comment_id === item.comment_id && editor(mode)}
            />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button
          type="button"
          link
          size="small"
          label={t('comment.show_more', { count: c.total - list.length })}
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        />
      )}
      {canAdd && mode?.kind !== 'add' && (
        <Button type="button" link size="small" label={t('comment.add')} onClick={() => requireLogin() && c.setMode({ kind: 'add' })} />
      )}
      {mode?.kind === 'add' && editor(mode)}
      <ConfirmDialog
        visible={!!c.deleting}
        title={t('qa.delete_title')}
        text={t('qa.delete_comment_text')}
        confirmLabel={t('qa.delete')}
        danger
        busy={c.deleteBusy}
        onHide={() => c.setDeleting(null)}
        onConfirm={c.confirmDelete}
      />
      <ReasonDialog
        visible={!!c.flagging}
        onHide={() => c.setFlagging(null)}
        objectType="comment"
        action="flag"
        busy={c.flagBusy}
        onSubmit={c.submitFlag}
      />
    </div>
  );
}
