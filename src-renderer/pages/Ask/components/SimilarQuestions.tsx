import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSimilarQuestions } from '../../../api/question/question-query';
import { slugInLinks, to } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { useDebounced } from '../../../hooks/useDebounced';

/** Questions like the title being typed, so the asker can find an answer before asking. */
export function SimilarQuestions({ title }: { title: string }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const settled = useDebounced(title.trim(), 400);
  const similar = useSimilarQuestions(settled);
  const list = settled.length >= 3 ? (similar.data ?? []) : [];
  if (!list.length) return null;
  const withSlug = slugInLinks(site.site_seo?.permalink);
  return (
    <section className="similar" aria-labelledby="similar-title" aria-live="polite">
      <h2 id="similar-title" className="similar-title">
        {t('ask.similar_title')}
      </h2>
      <ul>
        {list.slice(0, 6).map((q) => (
          <li key={q.id}>
            <Link to={to.question(q.id, withSlug ? q.url_title : undefined)}>{q.title}</Link>
            <span className="muted small">
              {' '}
              · {t('question.answers', { count: q.answer_count })}
              {q.accepted_answer ? ` · ${t('ask.similar_accepted')}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
