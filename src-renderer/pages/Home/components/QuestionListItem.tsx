import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QuestionItem } from '../../../api/question/types';
import { QUESTION_STATUS } from '../../../api/question/types';
import { to } from '../../../app/paths';
import { TagLinks } from '../../../components/TagLinks';
import { TimeAgo } from '../../../components/TimeAgo';
import { UserAvatar } from '../../../components/UserAvatar';
import { PIN_STATUS } from '../../../../server/contract/enums';
import { Icon } from '../../../components/Icon';

/** One question of the list: counts, title, excerpt, tags, author and time. */
export function QuestionListItem({ q, withSlug, headingLevel }: { q: QuestionItem; withSlug: boolean; headingLevel: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const accepted = q.accepted_answer_id !== '0' && q.accepted_answer_id !== '';
  return (
    <li className="q-item" data-testid="question-item">
      <div className="q-stats">
        <span className="q-stat" data-testid="question-votes">
          {t('question.votes', { count: q.vote_count })}
        </span>
        <span
          className={accepted ? 'q-stat answered accepted' : q.answer_count > 0 ? 'q-stat answered' : 'q-stat'}
          data-testid="question-answers"
        >
          {accepted && <Icon name="check" />} {t('question.answers', { count: q.answer_count })}
        </span>
        <span className="q-stat muted" data-testid="question-views">
          {t('question.views', { count: q.view_count })}
        </span>
      </div>
      <div className="q-main">
        <Heading className="q-title">
          <Link to={to.question(q.id, withSlug ? q.url_title : undefined)}>{q.title}</Link>
          {q.pin === PIN_STATUS.pinned && <span className="status-badge">{t('question.pinned')}</span>}
          {q.status === QUESTION_STATUS.closed && <span className="status-badge">{t('question.closed_badge')}</span>}
        </Heading>
        {q.description && <p className="q-excerpt">{q.description}</p>}
        <div className="q-foot">
          <TagLinks tags={q.tags} label={t('question.tags_label')} />
          {q.operator && (
            <span className="q-meta">
              <UserAvatar user={q.operator} size={18} />
              <Link to={to.user(q.operator.username)}>{q.operator.display_name}</Link>
              <span className="muted">{t('question.asked')}</span>
              <TimeAgo seconds={q.operated_at || q.created_at} />
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
