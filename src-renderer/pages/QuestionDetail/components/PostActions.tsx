import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSwitchCollection } from '../../../api/collection/collection-switch-mutation';
import { useSwitchFollow } from '../../../api/follow/follow-switch-mutation';
import type { MemberAction } from '../../../api/types';
import { useSession } from '../../../app/session';
import { useRequireLogin } from '../../../hooks/useRequireLogin';
import { ActionButton, CountedToggle, ModerationButtons } from './PostActionButtons';
import { PostConfirmDialogs, PostReasonDialogs, type ReasonKind } from './PostReasonDialogs';
import { ShareButton } from './ShareButton';
import { usePostConfirm } from './usePostConfirm';
import { Icon } from '../../../components/Icon';

/** What a post's action row shows and reports back. */
export interface PostActionsProps {
  /** Which kind of post (questions have close, pin, list and follow). */
  kind?: 'question' | 'answer';
  objectId: string;
  /** The question the post belongs to (the question itself for a question). */
  questionId?: string;
  editHref: string;
  /** The post's own path, for sharing. */
  sharePath?: string;
  /** The post's timeline. */
  timelineHref?: string;
  actions: MemberAction[];
  /** The post's author (authors cannot flag their own posts). */
  ownerId?: string;
  collected: boolean;
  collectionCount?: number;
  /** Only questions can be followed. */
  follow?: { followed: boolean; count?: number; onChange(followed: boolean, count: number): void };
  onCollected(collected: boolean, count: number): void;
}

/** Share, edit, bookmark, follow, flag, delete/undelete and the moderators' close, reopen, pin and list; each shown when the server lists it in member_actions. */
export function PostActions({
  kind = 'question',
  objectId,
  questionId = objectId,
  editHref,
  sharePath,
  timelineHref,
  actions,
  ownerId,
  collected,
  collectionCount,
  follow,
  onCollected,
}: PostActionsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const bookmark = useSwitchCollection();
  const following = useSwitchFollow();
  const isQ = kind === 'question';
  const confirm = usePostConfirm(isQ, objectId, questionId);
  const [dialog, setDialog] = useState<ReasonKind>(null);
  const can = (a: string) => actions.some((x) => x.action === a);

  const toggleBookmark = () => {
    if (!requireLogin()) return;
    bookmark.mutate(
      { object_id: objectId, bookmark: !collected },
      { onSuccess: (r) => onCollected(!collected, r.object_collection_count) },
    );
  };
  const toggleFollow = () => {
    if (!follow || !requireLogin()) return;
    following.mutate({ object_id: objectId, is_cancel: follow.followed }, { onSuccess: (r) => follow.onChange(r.is_followed, r.follows) });
  };

  return (
    <div className="post-actions" role="group" aria-label={t('qa.actions_label')}>
      {sharePath && <ShareButton path={sharePath} />}
      {can('edit') && (
        <Link to={editHref} className="post-action">
          {t('question.edit')}
        </Link>
      )}
      <CountedToggle
        pressed={collected}
        icon={collected ? 'bookmark-fill' : 'bookmark'}
        label={collected ? t('question.bookmarked') : t('question.bookmark')}
        loading={bookmark.isPending}
        onClick={toggleBookmark}
        count={collectionCount}
        countLabel={t('qa.bookmarks', { count: collectionCount ?? 0 })}
        testId="bookmark-count"
      />
      {follow && (
        <CountedToggle
          pressed={follow.followed}
          icon={follow.followed ? 'bell-off' : 'bell'}
          label={follow.followed ? t('question.following') : t('question.follow')}
          loading={following.isPending}
          onClick={toggleFollow}
          count={follow.count}
          countLabel={t('qa.followers', { count: follow.count ?? 0 })}
          testId="follow-count"
        />
      )}
      <ModerationButtons can={can} onClose={() => setDialog('close')} onConfirm={confirm.ask} />
      {can('report') && !(user && ownerId === user.id) && <ActionButton label={t('qa.flag')} onClick={() => setDialog('flag')} />}
      {user && timelineHref && (
        <Link to={timelineHref} className="post-action" aria-label={t('qa.timeline')}>
          <Icon name="history" /> {t('qa.timeline')}
        </Link>
      )}

      <PostReasonDialogs dialog={dialog} onHide={() => setDialog(null)} kind={kind} objectId={objectId} questionId={questionId} />
      <PostConfirmDialogs confirm={confirm} />
    </div>
  );
}
