import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QUESTION_STATUS, type QuestionDetail } from '../../../api/question/types';
import { to } from '../../../app/paths';
import { PostHtml } from '../../../components/PostHtml';
import { TagLinks } from '../../../components/TagLinks';
import { AuthorCard } from './AuthorCard';
import { CommentList } from './CommentList';
import { PostActions } from './PostActions';
import { Reactions } from './Reactions';
import { VoteControl } from './VoteControl';

/** The question's post: its vote, body, tags, reactions, actions, author and editor, and comments. */
export function QuestionPost({
  q,
  withSlug,
  patch,
}: {
  q: QuestionDetail;
  /** Whether links to the question carry its slug. */
  withSlug: boolean;
  /** Updates the cached question after a vote, bookmark or follow. */
  patch(p: Partial<QuestionDetail>): void;
}) {
  const { t } = useTranslation();
  return (
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
          <QuestionPeople q={q} />
        </div>
        <CommentList objectId={q.id} canAdd={q.status !== QUESTION_STATUS.deleted} />
      </div>
    </div>
  );
}

/** Who last edited the question (when it was edited) and who asked it. */
function QuestionPeople({ q }: { q: QuestionDetail }) {
  const { t } = useTranslation();
  const edited = q.update_user_info && q.edit_time > q.create_time;
  return (
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
  );
}
