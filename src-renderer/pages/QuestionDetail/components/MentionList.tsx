import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import type { useMentions } from './useMentions';

/** The listbox of users matching an @mention; the active one is highlighted, a press picks one. */
export function MentionList({
  id,
  options,
  active,
  onChoose,
}: {
  id: string;
  options: ReturnType<typeof useMentions>['options'];
  active: number;
  onChoose(username: string): void;
}) {
  const { t } = useTranslation();
  return (
    <ul id={id} role="listbox" className="mention-list" aria-label={t('qa.mention_suggestions')}>
      {options.map((u, i) => (
        <li
          key={u.id}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'mention-option active' : 'mention-option'}
          onMouseDown={(e) => {
            e.preventDefault();
            onChoose(u.username);
          }}
        >
          <UserAvatar user={u} size={20} /> <span>{u.display_name}</span> <span className="muted small">@{u.username}</span>
        </li>
      ))}
    </ul>
  );
}
