import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { fetchSiteInfo } from '../api/site/siteinfo-query';
import { siteKeys } from '../api/site/keys';
import type { SiteInfo } from '../api/site/types';
import type { CurrentUser } from '../api/user/types';
import { SessionProvider, useSession } from './session';
import { applyCustomCss, applyScheme, resolveScheme } from './theme';
import './live-site.css';

/** Points the page's icon at the site's favicon (none: the app's own). */
function applyFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"][data-site]');
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    link.dataset.site = '';
    document.head.append(link);
  }
  link.href = href;
}

/** Applies the site's look (scheme, primary colour, custom CSS, favicon) whenever the settings change. */
function SiteLook() {
  const { site, user } = useSession();
  const scheme = user?.color_scheme;
  useEffect(() => {
    const config = site.theme.theme_config?.[site.theme.theme];
    applyScheme(resolveScheme(scheme, site.theme.color_scheme), config?.primary_color);
    document.documentElement.dataset.navbar = config?.navbar_style === 'light' ? 'light' : 'colored';
    applyCustomCss(site.custom_css_html.custom_css);
    applyFavicon(site.branding.favicon);
  }, [site, scheme]);
  return null;
}

/**
 * The session over live site settings: the startup copy seeds the site-info query, and when an
 * admin saves a settings group (which invalidates it) every layout reads the new values.
 */
export function LiveSiteSession({ site, user, children }: { site: SiteInfo; user: CurrentUser | null; children: ReactNode }) {
  const live = useQuery({ queryKey: siteKeys.info(), queryFn: fetchSiteInfo, initialData: site, staleTime: 60_000 }).data;
  return (
    <SessionProvider site={live} initialUser={user}>
      <SiteLook />
      {children}
    </SessionProvider>
  );
}
