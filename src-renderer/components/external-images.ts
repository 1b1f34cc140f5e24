/** The class of the button that stands in for an image from another site until it is clicked. */
export const EXTERNAL_IMAGE_CLASS = 'external-image';

/** The host of an image address on another site (http, https or protocol-relative), or null for this site's own. */
export function externalHost(src: string | null, here: string = window.location.host): string | null {
  if (!src || !/^(https?:)?\/\//i.test(src.trim())) return null;
  try {
    const host = new URL(src.trim(), window.location.href).host;
    return host && host !== here ? host : null;
  } catch {
    return null;
  }
}

/**
 * The HTML with each image from another site replaced by a button naming its host, so that
 * nothing is fetched from a third party until the reader asks (the site's "ask before display").
 * It is parsed in an inert document (DOMParser's loads no images).
 */
export function gateExternalImages(html: string, label: (host: string) => string): string {
  if (!/<img\b[^>]*\bsrc\s*=\s*["']?(https?:)?\/\//i.test(html)) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  let changed = false;
  for (const img of Array.from(doc.body.querySelectorAll('img'))) {
    const src = img.getAttribute('src');
    const host = externalHost(src);
    if (!host || !src) continue;
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = EXTERNAL_IMAGE_CLASS;
    button.dataset.src = src;
    button.dataset.alt = img.getAttribute('alt') ?? '';
    button.textContent = label(host);
    img.replaceWith(button);
    changed = true;
  }
  return changed ? doc.body.innerHTML : html;
}

/** Puts the image back in place of its button (after the reader's click). */
export function loadExternalImage(button: HTMLElement): void {
  const img = button.ownerDocument.createElement('img');
  img.src = button.dataset.src ?? '';
  img.alt = button.dataset.alt ?? '';
  button.replaceWith(img);
}
