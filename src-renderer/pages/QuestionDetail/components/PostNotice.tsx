import { useTranslation } from 'react-i18next';
import { Message } from '../../../components/ui';
import type { QuestionDetail } from '../../../api/question/types';
import { QUESTION_STATUS } from '../../../api/question/types';

/** The notice of a closed, deleted or queued question. */
export function PostNotice({ q }: { q: QuestionDetail }) {
  const { t } = useTranslation();
  const op = q.operation;
  if (q.status === QUESTION_STATUS.closed) {
    return (
      <div className="post-notice" role="note" data-testid="post-notice">
        <strong>{t('question.closed_notice')}</strong>
        {op?.type && <span> {op.type}</span>}
        {op?.description && <p className="small">{op.description}</p>}
        {op?.msg && <p className="small post-notice-msg">{op.msg}</p>}
      </div>
    );
  }
  if (q.status === QUESTION_STATUS.deleted)
    return <Message severity="error" className="post-message" text={op?.msg || t('question.deleted_notice')} data-testid="post-notice" />;
  if (q.status === QUESTION_STATUS.pending)
    return (
      <Message severity="secondary" className="post-message" text={op?.msg || t('question.pending_notice')} data-testid="post-notice" />
    );
  return null;
}
