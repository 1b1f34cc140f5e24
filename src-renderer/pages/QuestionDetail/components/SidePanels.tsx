import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLinkedQuestions, useRelatedQuestions } from '../../../api/question/question-related-query';
import { to } from '../../../app/paths';
import { QuestionLinks } from '../../../components/HotQuestions';

/** Questions linked to or from this one (first five), with a link to all of them. */
export function LinkedQuestions({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const linked = useLinkedQuestions(questionId);
  const list = linked.data?.list ?? [];
  if (!linked.isSuccess || list.length === 0) return null;
  return (
    <section className="side-card" aria-labelledby="linked-title">
      <h2 id="linked-title" className="side-title">
        {t('qa.linked_title')}
      </h2>
      <QuestionLinks list={list} />
      <Link to={to.linkedQuestions(questionId)} className="small">
        {t('qa.linked_all')}
      </Link>
    </section>
  );
}

/** Questions sharing this one's tag. */
export function RelatedQuestions({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const related = useRelatedQuestions(questionId);
  const list = (related.data?.list ?? []).filter((q) => q.id !== questionId).slice(0, 5);
  if (!related.isSuccess || list.length === 0) return null;
  return (
    <section className="side-card" aria-labelledby="related-title">
      <h2 id="related-title" className="side-title">
        {t('qa.related_title')}
      </h2>
      <QuestionLinks list={list} />
    </section>
  );
}
