import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchResult } from '../../api/search/types';
import { to } from '../../app/paths';
import { TagLinks } from '../../components/TagLinks';
import { TimeAgo } from '../../components/TimeAgo';
import { Icon } from '../../components/Icon';

/** One search result: question or answer, its title, excerpt, tags, votes, answers and author. */
export function SearchResultItem({ result, withSlug }: { result: SearchResult; withSlug: boolean }) {
  const { t } = useTranslation();
  const o = result.object;
  const isQuestion = result.object_type === 'question';
  const href = to.question(o.question_id, withSlug ? o.url_title : undefined, isQuestion ? undefined : o.id);
  return (
    <li className="q-item search-item" data-testid="search-result">
      <div className="q-stats">
        <span className="q-stat">{t('question.votes', { count: o.vote_count })}</span>
        {isQuestion ? (
          <span className={o.accepted ? 'q-stat answered accepted' : o.answer_count > 0 ? 'q-stat answered' : 'q-stat'}>
            {o.accepted && <Icon name="check" />} {t('question.answers', { count: o.answer_count })}
          </span>
        ) : (
          o.accepted && (
            <span className="q-stat answered accepted">
              <Icon name="check" /> {t('inbox.search.accepted')}
            </span>
          )
        )}
      </div>
      <div className="q-main">
        <h2 className="q-title">
          <span
            className={isQuestion ? 'search-kind q' : 'search-kind a'}
            title={isQuestion ? t('inbox.search.question_kind') : t('inbox.search.answer_kind')}
          >
            <span aria-hidden="true">{isQuestion ? t('inbox.search.question_mark') : t('inbox.search.answer_mark')}</span>
            <span className="sr-only">{isQuestion ? t('inbox.search.question_kind') : t('inbox.search.answer_kind')}: </span>
          </span>
          <Link to={href}>{o.title}</Link>
          {o.status === 'closed' && <span className="status-badge">{t('inbox.search.closed')}</span>}
        </h2>
        {o.excerpt && <p className="q-excerpt">{o.excerpt}</p>}
        <div className="q-foot">
          <TagLinks tags={o.tags} label={t('question.tags_label')} />
          {o.user_info && (
            <span className="q-meta">
              <span className="muted">{t('inbox.search.by')}</span>
              <Link to={to.user(o.user_info.username)}>{o.user_info.display_name}</Link>
              <TimeAgo seconds={o.created_at} />
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
