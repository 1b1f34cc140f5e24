import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSwitchCollection } from '../../../api/collection/collection-switch-mutation';
import { useSwitchFollow } from '../../../api/follow/follow-switch-mutation';
import type { MemberAction } from '../../../api/types';
import { useRequireLogin } from '../../../hooks/useRequireLogin';

/** What a post's action row shows and reports back. */
export interface PostActionsProps {
  objectId: string;
  editHref: string;
  actions: MemberAction[];
  collected: boolean;
  /** Only questions can be followed. */
  follow?: { followed: boolean; onChange(followed: boolean, count: number): void };
  onCollected(collected: boolean, count: number): void;
}

/** Edit, bookmark and (for questions) follow. */
export function PostActions({ objectId, editHref, actions, collected, follow, onCollected }: PostActionsProps) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const bookmark = useSwitchCollection();
  const following = useSwitchFollow();
  const canEdit = actions.some((a) => a.action === 'edit');
  const toggleBookmark = () => {
    if (!requireLogin()) return;
    bookmark.mutate({ object_id: objectId, bookmark: !collected }, { onSuccess: (r) => onCollected(!collected, r.object_collection_count) });
  };
  const toggleFollow = () => {
    if (!follow || !requireLogin()) return;
    following.mutate({ object_id: objectId, is_cancel: follow.followed }, { onSuccess: (r) => follow.onChange(r.is_followed, r.follows) });
  };
  return (
    <div className="post-actions">
      {canEdit && <Link to={editHref} className="post-action">{t('question.edit')}</Link>}
      <Button type="button" link size="small" className="post-action" icon={collected ? 'pi pi-bookmark-fill' : 'pi pi-bookmark'} label={collected ? t('question.bookmarked') : t('question.bookmark')} aria-pressed={collected} loading={bookmark.isPending} onClick={toggleBookmark} />
      {follow && (
        <Button type="button" link size="small" className="post-action" icon={follow.followed ? 'pi pi-bell-slash' : 'pi pi-bell'} label={follow.followed ? t('question.following') : t('question.follow')} aria-pressed={follow.followed} loading={following.isPending} onClick={toggleFollow} />
      )}
    </div>
  );
}
