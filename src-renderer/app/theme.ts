import { darkTheme, lightTheme } from '../components/ui/theme';

/** The color scheme in force: the user's, else the site's, else the system's. */
export function resolveScheme(userScheme: string | undefined, siteScheme: string | undefined): 'light' | 'dark' {
  const chosen = userScheme && userScheme !== 'default' ? userScheme : siteScheme && siteScheme !== 'default' ? siteScheme : 'system';
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies light or dark: the PrimeReact theme stylesheet and a data attribute for our CSS. */
export function applyScheme(scheme: 'light' | 'dark', primary?: string): void {
  let link = document.getElementById('lantern-theme') as HTMLLinkElement | null;
  if (!link) {
    link = document.createElement('link');
    link.id = 'lantern-theme';
    link.rel = 'stylesheet';
    document.head.prepend(link);
  }
  const href = scheme === 'dark' ? darkTheme : lightTheme;
  if (link.getAttribute('href') !== href) link.href = href;
  document.documentElement.dataset.theme = scheme;
  if (primary && /^#[0-9a-fA-F]{3,8}$/.test(primary)) document.documentElement.style.setProperty('--lantern-primary', primary);
}

/** Injects the admin's custom CSS (from siteinfo) once. */
export function applyCustomCss(css: string): void {
  let style = document.getElementById('lantern-custom-css') as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = 'lantern-custom-css';
    document.head.append(style);
  }
  style.textContent = css;
}
