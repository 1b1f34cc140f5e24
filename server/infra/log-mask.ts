/**
 * What never reaches a log line: email addresses (a user's, or one in a mail error), tokens (a
 * bearer token, Lantern's 256-bit hex tokens and codes) and a URL's secret query values. Applied to
 * each whole line (JSON or not) just before it is written, whatever field or message carries them.
 */

/** The domain after an @: labels, then a top-level domain of letters (matched on a bounded slice). */
const DOMAIN = /^[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}/;
const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;

/**
 * Replaces user@host.tld (also URL-encoded, user%40host.tld) with ***@***. Found from each @ outwards,
 * each side bounded by an address's own limits: a long line costs one scan.
 */
function maskEmails(line: string): string {
  const at = /@|%40/g;
  const parts: string[] = [];
  let last = 0;
  for (let m = at.exec(line); m; m = at.exec(line)) {
    const end = m.index + m[0].length;
    let start = m.index;
    while (start > last && m.index - start < 64 && LOCAL_CHAR.test(line[start - 1])) start--;
    const domain = start < m.index ? DOMAIN.exec(line.slice(end, end + 256)) : null;
    if (!domain) continue;
    parts.push(line.slice(last, start), '***@***');
    last = end + domain[0].length;
    at.lastIndex = last;
  }
  if (last === 0) return line;
  parts.push(line.slice(last));
  return parts.join('');
}

/** An Authorization header's scheme and credentials. */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi;
/** A word (its whole run, so no backtracking); one of 32 or more hex digits is a token, a code or a hash of one. */
const WORD = /[0-9A-Za-z_]{32,}/g;
const HEX = /^[0-9a-fA-F]+$/;
/** Query parameters whose values are secrets (activation and reset codes, tokens, keys). */
const SECRET_QUERY = /([?&;](?:code|token|access_token|key|secret|password|pass|signature|sig|captcha_code)=)[^&\s"#\\]+/gi;

/** The line with every email address, token and secret query value replaced. */
export function maskSecrets(line: string): string {
  let out = line.replace(SECRET_QUERY, '$1***').replace(BEARER, '$1 ***');
  if (out.includes('@') || out.includes('%40')) out = maskEmails(out);
  return out.replace(WORD, (word) => (HEX.test(word) ? '***' : word));
}
