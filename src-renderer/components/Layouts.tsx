import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Button, InputText } from './ui';
import { useNotificationStatus } from '../api/notification/notification-query';
import type { RedDot } from '../api/notification/types';
import { paths, to } from '../app/paths';
import { sessionFlags, useSession } from '../app/session';
import { BadgeAwardNotice } from './layout/BadgeAwardNotice';
import { NotificationLinks } from './layout/NotificationLinks';
import { SideNav } from './layout/SideNav';
import { UserMenu } from './layout/UserMenu';
import { SiteHtml } from './SiteHtml';
import './layout/layout.css';
import { Icon } from './Icon';

const SIDENAV_ID = 'sidenav';

/** The header search box; on /search it shows the query being searched. */
function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [q, setQ] = useState('');
  useEffect(() => {
    setQ(location.pathname === paths.search ? (new URLSearchParams(location.search).get('q') ?? '') : '');
  }, [location.pathname, location.search]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (q.trim()) navigate(to.search(q.trim()));
  };
  return (
    <form role="search" onSubmit={search} className="topbar-search">
      <label htmlFor="site-search" className="sr-only">
        {t('nav.search')}
      </label>
      <Icon name="search" className="topbar-search-icon" />
      <InputText
        id="site-search"
        type="search"
        placeholder={t('nav.search_placeholder')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        maxLength={60}
      />
    </form>
  );
}

function Header({
  status,
  menuOpen,
  onMenu,
  menuButton,
}: {
  status: RedDot | undefined;
  menuOpen: boolean;
  onMenu(): void;
  menuButton: React.RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const { site, user } = useSession();
  const navigate = useNavigate();
  const f = sessionFlags(user);
  return (
    <header className="topbar">
      <button
        ref={menuButton}
        type="button"
        className="topbar-icon menu-toggle"
        aria-expanded={menuOpen}
        aria-controls={SIDENAV_ID}
        aria-label={t('inbox.frame.menu_open')}
        onClick={onMenu}
      >
        <Icon name="menu" />
      </button>
      <Link to={paths.home} className="brand">
        {site.branding.logo ? (
          <picture>
            {site.branding.mobile_logo && <source media="(max-width: 767px)" srcSet={site.branding.mobile_logo} />}
            <img src={site.branding.logo} alt={site.general.name} className="brand-logo" />
          </picture>
        ) : (
          site.general.name
        )}
      </Link>
      <SearchBox />
      <nav aria-label={t('nav.user_menu')} className="topbar-user">
        {user ? (
          <>
            {f.normal && <NotificationLinks status={status} />}
            <UserMenu />
            <Button className="topbar-logout" label={t('nav.logout')} text size="small" onClick={() => navigate(paths.logout)} />
          </>
        ) : (
          <>
            <Button label={t('nav.login')} text size="small" onClick={() => navigate(paths.login)} />
            {site.login.allow_new_registrations && (
              <Button label={t('nav.signup')} size="small" className="topbar-signup" onClick={() => navigate(paths.register)} />
            )}
          </>
        )}
      </nav>
    </header>
  );
}

/** The main layout: header, side navigation, page content and the site's custom header/footer/sidebar. */
export function MainLayout() {
  const { t } = useTranslation();
  const { site, user } = useSession();
  const location = useLocation();
  const f = sessionFlags(user);
  // members' unread counts, polled every 3 s; errors (and 50X) are ignored by the poll
  const status = useNotificationStatus(f.normal).data ?? undefined;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  // the phone menu closes when a page opens, on Escape and on a click outside it
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!nav.current?.contains(target) && !menuButton.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [menuOpen]);

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('common.skip_to_content')}
      </a>
      <SiteHtml html={site.custom_css_html.custom_header} />
      <Header status={status} menuOpen={menuOpen} onMenu={() => setMenuOpen((o) => !o)} menuButton={menuButton} />
      <div className="app-body">
        <SideNav id={SIDENAV_ID} open={menuOpen} reviewCount={f.admin || f.moderator ? (status?.revision ?? 0) : 0} navRef={nav} />
        <main id="main" className="content">
          {f.normal && <BadgeAwardNotice award={status?.badge_award} />}
          <Outlet />
        </main>
      </div>
      <SiteHtml html={site.custom_css_html.custom_footer} />
    </div>
  );
}

/** The second layout (legal pages, unsubscribe, 403) and the account screens: a centred card. */
export function CenteredLayout() {
  const { site } = useSession();
  const { t } = useTranslation();
  const installing = useLocation().pathname === paths.install;
  return (
    <div className="app centered">
      <header className="centered-brand">
        <Link to={paths.home}>{installing ? t('common.app_name') : site.general.name}</Link>
      </header>
      <main id="main" className="centered-main">
        <Outlet />
      </main>
    </div>
  );
}
