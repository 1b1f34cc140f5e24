import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** Renders an admin's legal text (markdown) into safe HTML. */
export function renderLegal(markdown: string): string {
  return sanitizeHtml(md.render(markdown), {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['h1', 'h2', 'img']),
    allowedSchemes: ['http', 'https', 'mailto'],
  }).trim();
}

/** Escapes text for echoing admin input back (the reference sanitises general fields). */
export function escapeText(s: string): string {
  return sanitizeHtml(s, { allowedTags: [], allowedAttributes: {} });
}
