import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import type { AnswerInfo } from '../../../api/answer/types';
import { ADOPTED } from '../../../../server/contract/enums';
import type { VoteResult } from '../../../api/vote/vote-cast-mutation';
import { to } from '../../../app/paths';
import { PostHtml } from '../../../components/PostHtml';
import { AuthorCard } from './AuthorCard';
import { CommentList } from './CommentList';
import { PostActions } from './PostActions';
import { Reactions } from './Reactions';
import { VoteControl } from './VoteControl';
import { ANSWER_STATUS } from '../../../../server/contract/enums';
import { Icon } from '../../../components/Icon';

/** What an answer needs from its page. */
export interface AnswerItemProps {
  answer: AnswerInfo;
  questionId: string;
  /** The answer's own path (for sharing). */
  sharePath: string;
  focused: boolean;
  /** Whether the viewer may accept answers (the asker or staff, on an open question). */
  canAccept: boolean;
  canComment: boolean;
  accepting: boolean;
  onAccept(answerId: string): void;
  onPatch(answerId: string, patch: Partial<AnswerInfo>): void;
}

/** The answer's classes: accepted, focused (named by the address) and deleted ones look different. */
function answerClassName(a: AnswerInfo, focused: boolean): string {
  const accepted = a.accepted === ADOPTED.accepted;
  return ['answer', accepted ? 'accepted' : '', focused ? 'focused' : '', a.status === ANSWER_STATUS.deleted ? 'deleted' : ''].join(' ');
}

/** One answer: votes, accepted mark or accept button, body, actions, author and comments. */
export function AnswerItem({
  answer: a,
  questionId,
  sharePath,
  focused,
  canAccept,
  canComment,
  accepting,
  onAccept,
  onPatch,
}: AnswerItemProps) {
  const { t } = useTranslation();
  const accepted = a.accepted === ADOPTED.accepted;
  const author = a.user_info?.display_name ?? t('question.anonymous');
  return (
    <article
      id={`answer-${a.id}`}
      className={answerClassName(a, focused)}
      aria-label={t('answer_form.answer_by', { name: author })}
      tabIndex={-1}
    >
      <div className="post-layout">
        <div className="post-side">
          <VoteControl
            objectId={a.id}
            count={a.vote_count}
            status={a.vote_status}
            label={t('question.votes_label')}
            onVoted={(r: VoteResult) => onPatch(a.id, { vote_count: r.votes, vote_status: r.vote_status })}
          />
          <AcceptControl accepted={accepted} canAccept={canAccept} busy={accepting} onToggle={() => onAccept(accepted ? '0' : a.id)} />
        </div>
        <div className="post-cell">
          <AnswerNotices answer={a} />
          <PostHtml html={a.html} />
          <Reactions objectId={a.id} />
          <div className="post-footer">
            <PostActions
              kind="answer"
              objectId={a.id}
              questionId={questionId}
              editHref={to.editAnswer(questionId, a.id)}
              sharePath={sharePath}
              timelineHref={to.answerTimeline(questionId, a.id)}
              actions={a.member_actions}
              ownerId={a.user_info?.id}
              collected={a.collected}
              onCollected={(collected) => onPatch(a.id, { collected })}
            />
            <AnswerPeople answer={a} questionId={questionId} />
          </div>
          <CommentList objectId={a.id} canAdd={canComment} />
        </div>
      </div>
    </article>
  );
}

/** The accept toggle for those who may accept, else the accepted mark (when accepted). */
function AcceptControl({
  accepted,
  canAccept,
  busy,
  onToggle,
}: {
  accepted: boolean;
  canAccept: boolean;
  busy: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  if (!canAccept) return accepted && <Icon name="check" className="accepted-mark" label={t('answer_form.accepted')} />;
  return (
    <Button
      type="button"
      rounded
      text={!accepted}
      icon="check"
      className={accepted ? 'accept-btn on' : 'accept-btn'}
      aria-pressed={accepted}
      aria-label={accepted ? t('answer_form.unaccept') : t('answer_form.accept')}
      tooltip={accepted ? t('answer_form.unaccept') : t('answer_form.accept')}
      disabled={busy}
      onClick={onToggle}
    />
  );
}

/** What is special about the answer: accepted, deleted or waiting for review. */
function AnswerNotices({ answer: a }: { answer: AnswerInfo }) {
  const { t } = useTranslation();
  return (
    <>
      {a.accepted === ADOPTED.accepted && (
        <p className="accepted-label">
          <Icon name="check-circle" /> {t('answer_form.accepted')}
        </p>
      )}
      {a.status === ANSWER_STATUS.deleted && <p className="field-error">{t('answer_form.deleted_notice')}</p>}
      {a.status === ANSWER_STATUS.pending && <p className="muted">{t('answer_form.pending_notice')}</p>}
    </>
  );
}

/** Who last edited the answer (when it was edited) and who wrote it. */
function AnswerPeople({ answer: a, questionId }: { answer: AnswerInfo; questionId: string }) {
  const { t } = useTranslation();
  const edited = a.update_user_info && a.update_time > a.create_time;
  return (
    <div className="post-people">
      {edited && (
        <AuthorCard
          user={a.update_user_info}
          verb={<Link to={to.answerTimeline(questionId, a.id)}>{t('question.edited')}</Link>}
          time={a.update_time}
        />
      )}
      <AuthorCard user={a.user_info} verb={t('answer_form.answered')} time={a.create_time} />
    </div>
  );
}
