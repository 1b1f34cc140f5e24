import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFollowTag } from '../../../api/tag/tag-mutations';
import { Icon } from '../../../components/Icon';
import { useRequireLogin } from '../../../hooks/useRequireLogin';

/** Follow / Following toggle of one tag (POST follow with the tag's id); visitors go to login first. */
export function FollowTagButton({
  tagId,
  name,
  followed: initial,
  onChange,
  small,
}: {
  tagId: string;
  name: string;
  followed: boolean;
  onChange?(followed: boolean, follows: number): void;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const [followed, setFollowed] = useState(initial);
  const requireLogin = useRequireLogin();
  const follow = useFollowTag();
  const click = () => {
    if (!requireLogin()) return;
    follow.mutate(
      { tag_id: tagId, follow: !followed },
      {
        onSuccess: (r) => {
          setFollowed(r.is_followed);
          onChange?.(r.is_followed, r.follows);
        },
      },
    );
  };
  const cls = ['p-button', 'p-component', 'follow-tag', small ? 'p-button-sm' : '', followed ? '' : 'p-button-outlined']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={cls}
      aria-pressed={followed}
      aria-label={followed ? t('tags.following_label', { name }) : t('tags.follow_label', { name })}
      disabled={follow.isPending}
      onClick={click}
    >
      <Icon name={followed ? 'check' : 'plus'} />
      <span className="p-button-label">{followed ? t('tags.following') : t('tags.follow')}</span>
    </button>
  );
}
