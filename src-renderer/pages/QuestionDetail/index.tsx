import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { QUESTION_STATUS } from '../../api/question/types';
import { to } from '../../app/paths';
import { sessionFlags, useSession } from '../../app/session';
import { HotQuestions } from '../../components/HotQuestions';
import { AnswerForm } from './components/AnswerForm';
import { AnswerList } from './components/AnswerList';
import { PostNotice } from './components/PostNotice';
import { InvitePanel } from './components/InvitePanel';
import { QuestionHead } from './components/QuestionHead';
import { QuestionPost } from './components/QuestionPost';
import { LinkedQuestions, RelatedQuestions } from './components/SidePanels';
import { useQuestionPage } from './useQuestionPage';
import './question-detail.css';

/** /questions/{qid}[/{slug}][/{aid}]: the question, its comments, answers and the answer form. */
export default function QuestionDetailPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const { qid, withSlug, focusId, info, slow, patch } = useQuestionPage();
  const q = info.data;

  if (!q) {
    if (info.isError)
      return (
        <p className="muted" role="alert">
          {info.error.message}
        </p>
      );
    return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} /> : null;
  }

  const flags = sessionFlags(user);
  const isAsker = !!user && q.user_info?.id === user.id;

  return (
    <div className="with-aside">
      <article className="main-column question-page" aria-labelledby="question-title">
        <QuestionHead q={q} />
        <PostNotice q={q} />
        <QuestionPost q={q} withSlug={withSlug} patch={patch} />
        <InvitePanel questionId={q.id} askerId={q.user_info?.id} open={q.status === QUESTION_STATUS.available} />
        <AnswerList
          q={q}
          questionId={qid}
          focusId={focusId}
          canAccept={q.status !== QUESTION_STATUS.deleted && (isAsker || flags.admin || flags.moderator)}
          canComment={q.status !== QUESTION_STATUS.deleted}
        />
        <AnswerForm
          q={q}
          questionId={qid}
          onPosted={(answerId) => navigate(to.question(qid, withSlug ? q.url_title : undefined, answerId), { replace: false })}
        />
      </article>
      <aside className="side-column qa-side" aria-label={t('question.side_label')}>
        <LinkedQuestions questionId={q.id} />
        <RelatedQuestions questionId={q.id} />
        <HotQuestions />
      </aside>
    </div>
  );
}
