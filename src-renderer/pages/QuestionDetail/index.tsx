import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ProgressSpinner } from '../../components/ui';
import { questionKeys } from '../../api/question/keys';
import { useQuestionInfo } from '../../api/question/question-query';
import { QUESTION_STATUS, type QuestionDetail } from '../../api/question/types';
import { slugInLinks, to } from '../../app/paths';
import { sessionFlags, useSession } from '../../app/session';
import { HotQuestions } from '../../components/HotQuestions';
import { PostHtml } from '../../components/PostHtml';
import { TagLinks } from '../../components/TagLinks';
import { TimeAgo } from '../../components/TimeAgo';
import { useDelayed } from '../../hooks/useDelayed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AnswerForm } from './components/AnswerForm';
import { AnswerList } from './components/AnswerList';
import { AuthorCard } from './components/AuthorCard';
import { CommentList } from './components/CommentList';
import { PostActions } from './components/PostActions';
import { PostNotice } from './components/PostNotice';
import { VoteControl } from './components/VoteControl';
import { InvitePanel } from './components/InvitePanel';
import { Reactions } from './components/Reactions';
import { LinkedQuestions, RelatedQuestions } from './components/SidePanels';
import './question-detail.css';

/** /questions/{qid}[/{slug}][/{aid}]: the question, its comments, answers and the answer form. */
export default function QuestionDetailPage() {
  const { t } = useTranslation();
  const { qid = '', slug, aid } = useParams();
  const { site, user } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const withSlug = slugInLinks(site.site_seo?.permalink);
  // without slugs in links, /questions/{qid}/{aid} names an answer
  const focusId = aid ?? (withSlug ? undefined : slug);
  const [search] = useSearchParams();
  const info = useQuestionInfo(qid, search.get('share') ?? undefined);
  const slow = useDelayed(info.isLoading);
  const q = info.data;
  usePageTitle(q?.title ?? '');

  if (!q) {
    if (info.isError)
      return (
        <p className="muted" role="alert">
          {info.error.message}
        </p>
      );
    return slow ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} /> : null;
  }

  const patch = (p: Partial<QuestionDetail>) =>
    qc.setQueryData<QuestionDetail>(questionKeys.detail(qid), (old) => (old ? { ...old, ...p } : old));
  const flags = sessionFlags(user);
  const isAsker = !!user && q.user_info?.id === user.id;
  const edited = q.update_user_info && q.edit_time > q.create_time;

  return (
    <div className="with-aside">
      <article className="main-column question-page" aria-labelledby="question-title">
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
        <PostNotice q={q} />
        <div className="post-layout">
          <div className="post-side">
            <VoteControl
              objectId={q.id}
              count={q.vote_count}
              status={q.vote_status}
              label={t('question.votes_label')}
              onVoted={(r) => patch({ vote_count: r.votes, vote_status: r.vote_status })}
            />
          </div>
          <div className="post-cell">
            <PostHtml html={q.html} />
            <TagLinks tags={q.tags} label={t('question.tags_label')} />
            <Reactions objectId={q.id} />
            <div className="post-footer">
              <PostActions
                kind="question"
                objectId={q.id}
                editHref={to.editQuestion(q.id)}
                sharePath={to.question(q.id, withSlug ? q.url_title : undefined)}
                timelineHref={to.questionTimeline(q.id)}
                actions={q.member_actions}
                ownerId={q.user_info?.id}
                collected={q.collected}
                collectionCount={q.collection_count}
                onCollected={(collected, count) => patch({ collected, collection_count: count })}
                follow={{
                  followed: q.is_followed,
                  count: q.follow_count,
                  onChange: (is_followed, follow_count) => patch({ is_followed, follow_count }),
                }}
              />
              <div className="post-people">
                {edited && (
                  <AuthorCard
                    user={q.update_user_info}
                    verb={<Link to={to.questionTimeline(q.id)}>{t('question.edited')}</Link>}
                    time={q.edit_time}
                  />
                )}
                <AuthorCard user={q.user_info} verb={t('question.asked')} time={q.create_time} highlight />
              </div>
            </div>
            <CommentList objectId={q.id} canAdd={q.status !== QUESTION_STATUS.deleted} />
          </div>
        </div>
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
