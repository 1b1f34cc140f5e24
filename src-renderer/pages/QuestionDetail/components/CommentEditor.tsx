import { useTranslation } from 'react-i18next';
import type { CaptchaFields } from '../../../api/user/types';
import { CommentForm } from './CommentForm';
import type { CommentMode } from './useCommentList';

/** The comment form set up for a mode: a new comment, a reply (naming whom it answers) or an edit. */
export function CommentEditor({
  mode,
  fieldId,
  busy,
  onCancel,
  onSubmit,
}: {
  mode: CommentMode;
  /** The id of the post's add-comment field; replies and edits add their own suffix. */
  fieldId: string;
  busy: boolean;
  onCancel(): void;
  onSubmit(text: string, mentions: string[], captcha: CaptchaFields): Promise<void>;
}) {
  const { t } = useTranslation();
  const editing = mode.kind === 'edit';
  return (
    <CommentForm
      key={mode.kind === 'add' ? 'add' : `${mode.kind}-${mode.comment.comment_id}`}
      id={mode.kind === 'add' ? fieldId : `${fieldId}-${mode.kind}-${mode.comment.comment_id}`}
      label={editing ? t('qa.comment_edit_label') : t('comment.label')}
      initial={editing ? mode.comment.original_text : ''}
      note={mode.kind === 'reply' ? t('qa.comment_replying', { name: mode.comment.user_display_name }) : undefined}
      submitLabel={editing ? t('qa.comment_save') : t('comment.submit')}
      busy={busy}
      captchaAction={editing ? 'edit' : 'comment'}
      onCancel={onCancel}
      onSubmit={onSubmit}
    />
  );
}
