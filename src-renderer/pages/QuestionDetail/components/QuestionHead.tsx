import { useTranslation } from 'react-i18next';
import type { QuestionDetail } from '../../../api/question/types';
import { TimeAgo } from '../../../components/TimeAgo';

/** The question's title and its dates: asked, last active (when later) and how often viewed. */
export function QuestionHead({ q }: { q: QuestionDetail }) {
  const { t } = useTranslation();
  return (
    <header className="question-head">
      <h1 id="question-title">{q.title}</h1>
      <dl className="question-dates muted small">
        <div>
          <dt>{t('question.asked_label')}</dt>{' '}
          <dd>
            <TimeAgo seconds={q.create_time} />
          </dd>
        </div>
        {q.update_time > q.create_time && (
          <div>
            <dt>{t('question.active_label')}</dt>{' '}
            <dd>
              <TimeAgo seconds={q.update_time} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('question.viewed_label')}</dt> <dd>{t('question.times', { count: q.view_count })}</dd>
        </div>
      </dl>
    </header>
  );
}
