import sanitizeHtml from 'sanitize-html';

/** Escapes text for echoing admin input back (the reference sanitises general fields). */
export function escapeText(s: string): string {
  return sanitizeHtml(s, { allowedTags: [], allowedAttributes: {} });
}
