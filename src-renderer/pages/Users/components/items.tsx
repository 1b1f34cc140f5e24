import { ADOPTED } from '../../../../server/contract/enums';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookmarkItem, PersonalComment, RankItem, UserAnswer, UserQuestion, VoteItem } from '../../../api/personal/types';
import { QUESTION_STATUS } from '../../../api/question/types';
import { to } from '../../../app/paths';
import { PostHtml } from '../../../components/PostHtml';
import { TagLinks } from '../../../components/TagLinks';
import { TimeAgo } from '../../../components/TimeAgo';
import { Icon } from '../../../components/Icon';

/** The address of a question (and of an answer in it), with the slug when the permalink setting wants one. */
export function postHref(withSlug: boolean, p: { question_id: string; url_title?: string; answer_id?: string }, query = ''): string {
  if (!p.question_id) return '';
  return to.question(p.question_id, withSlug && p.url_title ? p.url_title : undefined, p.answer_id || undefined) + query;
}

const accepted = (id: string) => id !== '' && id !== '0';

/** A title linking to its post, or plain text when there is nowhere to go. */
function TitleLink({ href, title, Heading }: { href: string; title: string; Heading: 'h3' | 'h4' }) {
  return <Heading className="p-title">{href ? <Link to={href}>{title}</Link> : title}</Heading>;
}

/** One of the user's answers: its score, whether accepted, the question's title and tags, when. */
export function AnswerRow({
  a,
  withSlug,
  heading = 'h3',
  compact = false,
}: {
  a: UserAnswer;
  withSlug: boolean;
  heading?: 'h3' | 'h4';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className="p-item">
      <span className={a.accepted === ADOPTED.accepted ? 'p-score accepted' : 'p-score'}>
        {a.accepted === ADOPTED.accepted && <Icon name="check" />}
        {t('people.score', { count: a.vote_count })}
        {a.accepted === ADOPTED.accepted && <span className="p-accepted">{t('people.accepted')}</span>}
      </span>
      <div className="p-main">
        <TitleLink
          href={postHref(withSlug, { question_id: a.question_id, url_title: a.question_info.url_title, answer_id: a.answer_id })}
          title={a.question_info.title}
          Heading={heading}
        />
        {!compact && <TagLinks tags={a.question_info.tags ?? []} label={t('question.tags_label')} />}
        <span className="muted small">
          {t('people.answered')} <TimeAgo seconds={a.create_time} />
        </span>
      </div>
    </li>
  );
}

/** A question status shown as a word (closed, deleted, waiting for review). */
function QuestionStatus({ status }: { status: string | number }) {
  const { t } = useTranslation();
  const name = typeof status === 'number' ? ({ 2: 'closed', 10: 'deleted', 11: 'pending' } as Record<number, string>)[status] : status;
  if (name === 'closed') return <span className="status-badge">{t('question.closed_badge')}</span>;
  if (name === 'deleted') return <span className="status-badge">{t('people.status_deleted')}</span>;
  if (name === 'pending') return <span className="status-badge">{t('people.pending')}</span>;
  return null;
}

/** One of the user's questions: score, answers (marked when one is accepted), title, tags, when. */
export function QuestionRow({
  q,
  withSlug,
  heading = 'h3',
  compact = false,
}: {
  q: UserQuestion;
  withSlug: boolean;
  heading?: 'h3' | 'h4';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const done = accepted(q.accepted_answer_id);
  return (
    <li className="p-item">
      <span className="p-score">{t('people.score', { count: q.vote_count })}</span>
      <div className="p-main">
        <div className="p-title-row">
          <TitleLink
            href={q.status === 'deleted' ? '' : postHref(withSlug, { question_id: q.question_id, url_title: q.url_title })}
            title={q.title}
            Heading={heading}
          />
          <QuestionStatus status={q.status} />
        </div>
        {!compact && <TagLinks tags={q.tags ?? []} label={t('question.tags_label')} />}
        <span className="muted small p-line">
          <span className={done ? 'p-answers accepted' : 'p-answers'}>
            {done && <Icon name="check" />} {t('question.answers', { count: q.answer_count })}
          </span>
          {!compact && <span>{t('question.views', { count: q.view_count })}</span>}
          <span>
            {t('people.asked')} <TimeAgo seconds={q.created_at} />
          </span>
        </span>
      </div>
    </li>
  );
}

/** A bookmarked question: score, answers, title, tags, author and when. */
export function BookmarkRow({ q, withSlug }: { q: BookmarkItem; withSlug: boolean }) {
  const { t } = useTranslation();
  const done = accepted(q.accepted_answer_id);
  return (
    <li className="p-item">
      <span className="p-score">{t('people.score', { count: q.vote_count })}</span>
      <div className="p-main">
        <div className="p-title-row">
          <TitleLink
            href={q.status === QUESTION_STATUS.deleted ? '' : postHref(withSlug, { question_id: q.id, url_title: q.url_title })}
            title={q.title}
            Heading="h3"
          />
          <QuestionStatus status={q.status} />
        </div>
        <TagLinks tags={q.tags ?? []} label={t('question.tags_label')} />
        <span className="muted small p-line">
          <span className={done ? 'p-answers accepted' : 'p-answers'}>
            {done && <Icon name="check" />} {t('question.answers', { count: q.answer_count })}
          </span>
          <span>{t('question.views', { count: q.view_count })}</span>
          <span>
            {q.user_info && (
              <>
                <Link to={to.user(q.user_info.username)}>{q.user_info.display_name}</Link>{' '}
              </>
            )}
            {t('people.asked')} <TimeAgo seconds={q.create_time} />
          </span>
        </span>
      </div>
    </li>
  );
}

/** One of the user's comments: its text, the post it is on, when. */
export function CommentRow({ c, withSlug }: { c: PersonalComment; withSlug: boolean }) {
  const { t } = useTranslation();
  const href = postHref(
    withSlug,
    { question_id: c.question_id, url_title: c.url_title, answer_id: c.answer_id },
    `?commentId=${encodeURIComponent(c.comment_id)}`,
  );
  return (
    <li className="p-item p-comment">
      <div className="p-main">
        <TitleLink href={href} title={c.title} Heading="h3" />
        <PostHtml html={c.content} className="post-body p-comment-text" />
        <span className="muted small">
          {t('people.commented')} <TimeAgo seconds={c.created_at} /> {t('people.on_post')} {t(`people.object_${c.object_type}`)}
        </span>
      </div>
    </li>
  );
}

/** The page an activity's object lives on. */
function objectHref(
  withSlug: boolean,
  o: { object_type: string; question_id: string; answer_id: string; url_title: string; title: string; object_id: string },
): string {
  if (o.object_type === 'tag') return to.tag(o.title);
  const query = o.object_type === 'comment' ? `?commentId=${encodeURIComponent(o.object_id)}` : '';
  return postHref(withSlug, o, query);
}

/** A reputation change: the amount with its sign, why, on what, when. */
export function RankRow({ r, withSlug }: { r: RankItem; withSlug: boolean }) {
  const { t } = useTranslation();
  const up = r.reputation > 0;
  return (
    <li className="p-item">
      <span
        className={up ? 'p-rep up' : 'p-rep down'}
        title={up ? t('people.gain', { count: r.reputation }) : t('people.loss', { count: -r.reputation })}
      >
        {up ? `+${r.reputation}` : `−${Math.abs(r.reputation)}`}
      </span>
      <div className="p-main">
        <TitleLink href={objectHref(withSlug, r)} title={r.title} Heading="h3" />
        <span className="muted small p-line">
          <span className="p-kind">{r.rank_type}</span>
          {/* an imported account's reputation from its site is about the account, not a post */}
          {r.object_type !== 'user' && <span>{t(`people.object_${r.object_type}`)}</span>}
          <TimeAgo seconds={r.created_at} />
        </span>
      </div>
    </li>
  );
}

/** One of the viewer's votes: up or down, on what, when. */
export function VoteRow({ v, withSlug }: { v: VoteItem; withSlug: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="p-item">
      <span className="p-kind-box">{v.vote_type}</span>
      <div className="p-main">
        <TitleLink href={objectHref(withSlug, v)} title={v.title} Heading="h3" />
        <span className="muted small p-line">
          <span>{t(`people.object_${v.object_type}`)}</span>
          <TimeAgo seconds={v.created_at} />
        </span>
      </div>
    </li>
  );
}
