import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '../../api/user/types';
import { paths, to } from '../../app/paths';
import { sessionFlags, useSession } from '../../app/session';
import { UserAvatar } from '../UserAvatar';
import { avatarUrl } from './counts';
import { Icon } from '../Icon';
import { usePopupMenu } from './usePopupMenu';

/** The account menu: a button with the user's avatar and name that opens links to profile, settings, review, admin and log out. */
export function UserMenu() {
  const { user } = useSession();
  const { open, toggle, wrap, button } = usePopupMenu();
  const id = useId();

  if (!user) return null;
  return (
    <div className="user-menu" ref={wrap}>
      <button ref={button} type="button" className="user-menu-button" aria-expanded={open} aria-controls={id} onClick={toggle}>
        <UserAvatar user={{ avatar: avatarUrl(user.avatar), display_name: user.display_name }} size={26} />
        <span className="user-name" data-testid="current-user">
          {user.display_name}
        </span>
        <Icon name="chevron-down" />
      </button>
      <UserMenuList id={id} user={user} hidden={!open} />
    </div>
  );
}

/** The menu's links: who is signed in, profile, bookmarks, settings, review and admin for staff, and log out. */
function UserMenuList({ id, user, hidden }: { id: string; user: CurrentUser; hidden: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = sessionFlags(user);
  return (
    <ul id={id} className="user-menu-list" hidden={hidden}>
      <li className="user-menu-who">
        <strong>{user.display_name}</strong>
        <span className="muted small">@{user.username}</span>
      </li>
      <li>
        <Link to={to.user(user.username)}>{t('inbox.frame.profile')}</Link>
      </li>
      <li>
        <Link to={to.user(user.username, 'bookmarks')}>{t('inbox.frame.bookmarks')}</Link>
      </li>
      <li>
        <Link to={to.settings()}>{t('inbox.frame.settings')}</Link>
      </li>
      {(f.admin || f.moderator) && (
        <li>
          <Link to="/review">{t('inbox.frame.review')}</Link>
        </li>
      )}
      {f.admin && (
        <li>
          <Link to={paths.admin}>{t('inbox.frame.admin')}</Link>
        </li>
      )}
      <li className="user-menu-logout">
        <button type="button" onClick={() => navigate(paths.logout)}>
          {t('nav.logout')}
        </button>
      </li>
    </ul>
  );
}
