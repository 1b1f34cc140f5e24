import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHotQuestions } from '../api/question/question-query';
import type { QuestionItem } from '../api/question/types';
import { slugInLinks, to } from '../app/paths';
import { useSession } from '../app/session';

/** A numbered list of question links with their answer counts (the side panels). */
export function QuestionLinks({ list }: { list: QuestionItem[] }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const withSlug = slugInLinks(site.site_seo?.permalink);
  return (
    <ol className="hot-list">
      {list.map((q) => (
        <li key={q.id}>
          <Link to={to.question(q.id, withSlug ? q.url_title : undefined)}>{q.title}</Link>
          <span className="muted small"> · {t('question.answers', { count: q.answer_count })}</span>
        </li>
      ))}
    </ol>
  );
}

/** The side panel of hot questions (order hot, 6 of the last 7 days). */
export function HotQuestions() {
  const { t } = useTranslation();
  const hot = useHotQuestions();
  const list = hot.data?.list ?? [];
  return (
    <section className="side-card" aria-labelledby="hot-title">
      <h2 id="hot-title" className="side-title">
        {t('question.hot_title')}
      </h2>
      {hot.isSuccess && list.length === 0 && <p className="muted small">{t('question.hot_empty')}</p>}
      <QuestionLinks list={list} />
    </section>
  );
}
