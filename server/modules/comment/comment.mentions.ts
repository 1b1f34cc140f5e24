/**
 * @username mentions in rendered comment HTML. Text inside links, code and pre blocks is left
 * alone; a mention of an existing user becomes `<a href="/users/<username>">@username</a>`, the
 * link the reference's editor writes as `[@name](/users/name)`.
 */

const SKIP_TAGS = /^<\/?(a|code|pre)(\s|>|\/)/i;
const CLOSING = /^<\//;
// "@" not glued to a word, an email or a path; then the username characters (a-z 0-9 . _ -)
const MENTION = /(^|[^A-Za-z0-9_@/.-])@([A-Za-z0-9_][A-Za-z0-9._-]{0,49})/g;
const USER_LINK = /<a\s[^>]*href="\/users\/([A-Za-z0-9._-]{1,50})"[^>]*>\s*@/gi;

/** Visits the text segments of HTML that are outside a, code and pre elements. */
function mapOutsideSkipped(html: string, fn: (text: string) => string): string {
  let depth = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (SKIP_TAGS.test(part)) depth = Math.max(0, depth + (CLOSING.test(part) ? -1 : 1));
        return part;
      }
      return depth === 0 ? fn(part) : part;
    })
    .join('');
}

/** A name without the sentence punctuation that may follow it ("@bob." → "bob"). */
function trimTrailing(name: string): string {
  return name.replace(/[._-]+$/, '');
}

/** Usernames the HTML may mention: bare @names outside links and code, and existing /users/ links. */
export function mentionCandidates(html: string): string[] {
  const found = new Set<string>();
  mapOutsideSkipped(html, (text) => {
    for (const m of text.matchAll(MENTION)) {
      found.add(m[2]);
      const trimmed = trimTrailing(m[2]);
      if (trimmed) found.add(trimmed);
    }
    return text;
  });
  for (const m of html.matchAll(USER_LINK)) found.add(m[1]);
  return [...found];
}

/** Usernames already linked as mentions (`<a href="/users/name">@...`). */
export function linkedMentions(html: string): string[] {
  return [...new Set([...html.matchAll(USER_LINK)].map((m) => m[1]))];
}

/**
 * Links bare @names of known users. `known` maps a lower-cased username to the stored one.
 * Returns the new HTML and the usernames it linked.
 */
export function linkMentions(html: string, known: Map<string, string>): { html: string; linked: string[] } {
  const linked = new Set<string>();
  const out = mapOutsideSkipped(html, (text) =>
    text.replace(MENTION, (whole, lead: string, raw: string) => {
      let name = raw;
      let tail = '';
      if (!known.has(name.toLowerCase())) {
        name = trimTrailing(raw);
        tail = raw.slice(name.length);
      }
      const username = name ? known.get(name.toLowerCase()) : undefined;
      if (!username) return whole;
      linked.add(username);
      return `${lead}<a href="/users/${username}">@${username}</a>${tail}`;
    }),
  );
  return { html: out, linked: [...linked] };
}
