import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths, to } from '../../app/paths';
import { sessionFlags, useSession } from '../../app/session';
import { UserAvatar } from '../UserAvatar';
import { avatarUrl } from './counts';
import { Icon } from '../Icon';

/** The account menu: a button with the user's avatar and name that opens links to profile, settings, review, admin and log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // close on navigation, on a click elsewhere and on Escape (focus back on the button)
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const f = sessionFlags(user);
  return (
    <div className="user-menu" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <UserAvatar user={{ avatar: avatarUrl(user.avatar), display_name: user.display_name }} size={26} />
        <span className="user-name" data-testid="current-user">
          {user.display_name}
        </span>
        <Icon name="chevron-down" />
      </button>
      <ul id={id} className="user-menu-list" hidden={!open}>
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
    </div>
  );
}
