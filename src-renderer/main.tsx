import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api, V1 } from './api/client';
import { fetchSiteInfo } from './api/site/siteinfo-query';
import { loadToken } from './api/token';
import { fetchCurrentUser } from './api/user/user-query';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import { applyCustomCss, applyScheme, resolveScheme } from './app/theme';
import { applyLanguage, initI18n } from './i18n';
import { basePath } from './utils/base-path';
import { applyTimeZone } from './utils/time';

// Startup order of spec section 4: site settings and user in parallel, then the user-center
// agent, then language, time zone and theme.
async function start(): Promise<void> {
  preloadRoute(window.location.pathname, basePath());
  initI18n();
  const root = createRoot(document.getElementById('root')!);
  const token = await loadToken();
  const [site, user] = await Promise.all([fetchSiteInfo(), token ? fetchCurrentUser().catch(() => null) : Promise.resolve(null)]);
  await api.get(`${V1}/user-center/agent`, undefined, { handleErrors: true }).catch(() => null);
  await applyLanguage(user?.language && user.language !== 'Default' ? user.language : site.interface.language);
  applyTimeZone(site.interface.time_zone);
  applyScheme(resolveScheme(user?.color_scheme, site.theme.color_scheme), site.theme.theme_config?.[site.theme.theme]?.primary_color);
  applyCustomCss(site.custom_css_html.custom_css);
  if (site.branding.favicon) {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.dataset.site = '';
    link.href = site.branding.favicon;
    document.head.append(link);
  }
  root.render(
    <StrictMode>
      <App site={site} user={user} />
    </StrictMode>,
  );
}

start().catch(() => {
  document.getElementById('root')!.innerHTML =
    '<main class="error-page"><h1>50X</h1><p>The server encountered an error and could not complete your request.</p></main>';
});
