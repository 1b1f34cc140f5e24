import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useSession } from '../app/session';
import { SiteHtml } from './SiteHtml';

function Header() {
  const { t } = useTranslation();
  const { site, user } = useSession();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (q.trim()) navigate(`${paths.search}?q=${encodeURIComponent(q.trim())}`);
  };
  return (
    <header className="topbar">
      <Link to={paths.home} className="brand">
        {site.branding.logo ? <img src={site.branding.logo} alt={site.general.name} className="brand-logo" /> : site.general.name}
      </Link>
      <form role="search" onSubmit={search} className="topbar-search">
        <label htmlFor="site-search" className="sr-only">{t('nav.search')}</label>
        <InputText id="site-search" placeholder={t('nav.search_placeholder')} value={q} onChange={(e) => setQ(e.target.value)} />
      </form>
      <nav aria-label={t('nav.user_menu')} className="topbar-user">
        {user ? (
          <>
            <span className="user-name" data-testid="current-user">{user.display_name}</span>
            <Button label={t('nav.logout')} text size="small" onClick={() => navigate(paths.logout)} />
          </>
        ) : (
          <>
            <Button label={t('nav.login')} text size="small" onClick={() => navigate(paths.login)} />
            {site.login.allow_new_registrations && <Button label={t('nav.signup')} size="small" onClick={() => navigate(paths.register)} />}
          </>
        )}
      </nav>
    </header>
  );
}

/** The main layout: header, side navigation, page content and the site's custom header/footer. */
export function MainLayout() {
  const { t } = useTranslation();
  const { site } = useSession();
  return (
    <div className="app">
      <a href="#main" className="skip-link">{t('common.skip_to_content')}</a>
      <SiteHtml html={site.custom_css_html.custom_header} />
      <Header />
      <div className="app-body">
        <nav className="sidenav" aria-label={t('nav.main_menu')}>
          <NavLink to={paths.home} end>{t('nav.home')}</NavLink>
          <NavLink to={paths.questions}>{t('nav.questions')}</NavLink>
        </nav>
        <main id="main" className="content">
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
