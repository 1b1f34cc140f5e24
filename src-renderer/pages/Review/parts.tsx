import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui';
import type { ReviewPostFields } from '../../api/review/types';
import { slugInLinks, to } from '../../app/paths';
import { useSession } from '../../app/session';
import { PostHtml } from '../../components/PostHtml';
import { TagLinks } from '../../components/TagLinks';
import { TimeAgo } from '../../components/TimeAgo';
import { UserAvatar } from '../../components/UserAvatar';
import type { UserBrief } from '../../api/types';
import { POST_STATUS, SHOW_STATUS } from '../../../server/contract/enums';

/** The address of the post under review (a question, or the question with the answer to scroll to). */
export function usePostLink(p: { question_id: string; answer_id: string; url_title: string }): string {
  const { site } = useSession();
  const slug = slugInLinks(site.site_seo?.permalink) && p.url_title ? p.url_title : undefined;
  return to.question(p.question_id, slug, p.answer_id || undefined);
}

/** The edit page of a question or an answer (comments have none). */
export function editLinkOf(p: { object_type: string; question_id: string; answer_id: string }): string | null {
  if (p.object_type === 'question') return to.editQuestion(p.question_id);
  if (p.object_type === 'answer' && p.answer_id) return to.editAnswer(p.question_id, p.answer_id);
  return null;
}

/** The status words of a post (closed, deleted, waiting, unlisted); none for a normal listed post. */
export function StatusChips({ status, show }: { status: number; show: number }) {
  const { t } = useTranslation();
  const words: string[] = [];
  if (status === POST_STATUS.closed) words.push(t('review.status_closed'));
  if (status === POST_STATUS.deleted) words.push(t('review.status_deleted'));
  if (status === POST_STATUS.pending) words.push(t('review.status_pending'));
  if (show === SHOW_STATUS.hidden) words.push(t('review.status_unlisted'));
  if (!words.length) return null;
  return (
    <span className="review-status">
      {words.map((w) => (
        <span key={w} className="review-chip">
          {w}
        </span>
      ))}
    </span>
  );
}

/** A person with avatar and a link to their profile. */
export function Person({ user }: { user: UserBrief | null }) {
  const { t } = useTranslation();
  if (!user) return <>{t('review.someone')}</>;
  return (
    <Link to={to.user(user.username)} className="review-person">
      <UserAvatar user={user} size={20} /> {user.display_name || user.username}
    </Link>
  );
}

/** "Posted by someone, 3 hours ago" (or flagged by, suggested by). */
export function ByLine({ label, user, at }: { label: string; user: UserBrief | null; at: number }) {
  return (
    <p className="review-meta muted small">
      {label} <Person user={user} /> · <TimeAgo seconds={at} />
    </p>
  );
}

/** The post itself: kind, title (linked), rendered body and tags. */
export function PostSummary({ post }: { post: ReviewPostFields }) {
  const { t } = useTranslation();
  const href = usePostLink(post);
  const typeWord =
    post.object_type === 'question'
      ? t('review.type_question')
      : post.object_type === 'answer'
        ? t('review.type_answer')
        : t('review.type_comment');
  const heading =
    post.object_type === 'question'
      ? post.title
      : post.object_type === 'answer'
        ? t('review.answer_to', { title: post.title })
        : t('review.comment_on', { title: post.title });
  return (
    <section className="review-post" aria-label={t('review.post_label')}>
      <p className="review-kind">
        <span className="review-type">{typeWord}</span>
        <StatusChips status={post.object_status} show={post.object_show_status} />
      </p>
      <h2 className="review-title">
        <Link to={href}>{heading}</Link>
      </h2>
      <PostHtml html={post.parsed_text} />
      {post.object_type === 'question' && <TagLinks tags={post.tags} label={t('review.post_label')} />}
      <ByLine label={t('review.posted_by')} user={post.author_user_info} at={post.created_at} />
    </section>
  );
}

/** Approve and reject for a queued post or a suggested edit; the decision being sent shows progress. */
export function ApproveReject({
  approve,
  reject,
  busy,
  onDecide,
}: {
  approve: string;
  reject: string;
  busy: string | null;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  return (
    <>
      <Button
        label={approve}
        icon="check"
        size="small"
        disabled={busy !== null}
        loading={busy === 'approve'}
        onClick={() => onDecide('approve')}
      />
      <Button
        label={reject}
        icon="close"
        size="small"
        severity="danger"
        outlined
        disabled={busy !== null}
        loading={busy === 'reject'}
        onClick={() => onDecide('reject')}
      />
    </>
  );
}
