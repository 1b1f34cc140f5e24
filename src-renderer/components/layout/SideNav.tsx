import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { sessionFlags, useSession } from '../../app/session';
import { SiteHtml } from '../SiteHtml';
import { capCount } from './counts';
import { Icon } from '../Icon';

/** Which side-navigation entry a path belongs to. */
export function sectionOf(pathname: string): 'questions' | 'tags' | 'users' | 'badges' | 'review' | 'admin' | null {
  if (pathname === paths.home || pathname === paths.questions || pathname.startsWith('/questions/')) return 'questions';
  if (pathname === paths.tags || pathname.startsWith('/tags/')) return 'tags';
  if (pathname.startsWith('/users/settings') || pathname.startsWith('/users/notifications')) return null;
  if (pathname === paths.users || pathname.startsWith('/users/')) return 'users';
  if (pathname === paths.badges || pathname.startsWith('/badges/')) return 'badges';
  if (pathname === '/review' || pathname.startsWith('/review/')) return 'review';
  if (pathname.startsWith('/admin')) return 'admin';
  return null;
}

/** The side navigation: Questions, Tags, Users, Badges, and Review / Admin for staff; a drop-down panel on phones. */
export function SideNav({
  id,
  open,
  reviewCount,
  navRef,
}: {
  id: string;
  open: boolean;
  reviewCount: number;
  navRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const { user, site } = useSession();
  const f = sessionFlags(user);
  const here = sectionOf(useLocation().pathname);
  const cls = (s: ReturnType<typeof sectionOf>) => (s === here ? 'active' : undefined);
  const current = (s: ReturnType<typeof sectionOf>) => (s === here ? ('page' as const) : undefined);
  return (
    <nav id={id} ref={navRef} className={open ? 'sidenav open' : 'sidenav'} aria-label={t('nav.main_menu')}>
      <Link to={paths.questions} className={cls('questions')} aria-current={current('questions')}>
        <Icon name="comments" /> {t('nav.questions')}
      </Link>
      <Link to={paths.tags} className={cls('tags')} aria-current={current('tags')}>
        <Icon name="tags" /> {t('inbox.frame.tags')}
      </Link>
      <Link to={paths.users} className={cls('users')} aria-current={current('users')}>
        <Icon name="users" /> {t('inbox.frame.users')}
      </Link>
      <Link to={paths.badges} className={cls('badges')} aria-current={current('badges')}>
        <Icon name="star" /> {t('inbox.frame.badges')}
      </Link>
      {(f.admin || f.moderator) && (
        <>
          <hr className="sidenav-rule" />
          <Link to="/review" className={cls('review')} aria-current={current('review')}>
            <Icon name="check-square" /> {t('inbox.frame.review')}
            {reviewCount > 0 && (
              <span className="count-badge inline" title={t('inbox.frame.review_pending', { count: reviewCount })}>
                <span aria-hidden="true">{capCount(reviewCount)}</span>
                <span className="sr-only">{t('inbox.frame.review_pending', { count: reviewCount })}</span>
              </span>
            )}
          </Link>
          {f.admin && (
            <Link to={paths.admin} className={cls('admin')} aria-current={current('admin')}>
              <Icon name="settings" /> {t('inbox.frame.admin')}
            </Link>
          )}
        </>
      )}
      <SiteHtml html={site.custom_css_html.custom_sidebar} />
    </nav>
  );
}
