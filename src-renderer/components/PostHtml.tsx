import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../app/session';
import { basePath } from '../utils/base-path';
import { EXTERNAL_IMAGE_CLASS, gateExternalImages, loadExternalImage } from './external-images';
import './post-code.css';
import './external-images.css';

/**
 * Where a click on a link inside rendered content goes (spec section 2): links starting with http:,
 * https: or // are external and links into the API or uploads are files, so the browser follows
 * them with a full page load; other site paths open inside the app. Returns the app path or null.
 */
export function inAppPath(href: string | null, base = ''): string | null {
  if (!href || !href.startsWith('/') || href.startsWith('//')) return null;
  const path = base && (href === base || href.startsWith(`${base}/`)) ? href.slice(base.length) || '/' : href;
  if (/^\/(answer|installation|uploads)(\/|$)/.test(path)) return null;
  return path;
}

/**
 * A post's HTML as the server rendered and sanitised it; images that fail to load get the broken-image
 * marker. Unless the site always displays external content, an image from another site is a button
 * naming its host until it is clicked.
 */
export function PostHtml({ html, className = 'post-body' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const always = useSession().site.site_legal?.external_content_display === 'always_display';
  const shown = useMemo(
    () => (always ? html : gateExternalImages(html, (host) => t('common.external_image', { host }))),
    [always, html, t],
  );
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // error events do not bubble, so they are caught on the way down
    const onError = (e: Event) => {
      if (e.target instanceof HTMLImageElement) e.target.dataset.broken = 'true';
    };
    const onClick = (e: MouseEvent) => {
      const gate = (e.target as Element | null)?.closest?.(`button.${EXTERNAL_IMAGE_CLASS}`);
      if (gate instanceof HTMLElement) {
        // inside a link, the click loads the image and goes nowhere
        e.preventDefault();
        loadExternalImage(gate);
        return;
      }
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const to = inAppPath(a.getAttribute('href'), basePath());
      if (to === null) return;
      e.preventDefault();
      navigate(to);
    };
    el.addEventListener('error', onError, true);
    el.addEventListener('click', onClick);
    return () => {
      el.removeEventListener('error', onError, true);
      el.removeEventListener('click', onClick);
    };
  }, [navigate]);
  useEffect(() => {
    // a code block wider than the screen scrolls: it can be focused so the keyboard scrolls it too
    ref.current?.querySelectorAll('pre').forEach((pre) => {
      if (!pre.hasAttribute('tabindex')) pre.tabIndex = 0;
    });
  }, [shown]);
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: shown }} />;
}
