import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One user of a tiny Stack Exchange dump. */
export interface TinyUser {
  id: number;
  name: string;
  reputation: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Writes a tiny Stack Exchange dump (Users.xml, and Posts.xml with one question per user) into a
 * fresh folder and returns its path: enough to import accounts with reputation and a post each.
 */
export function writeTinyDump(users: TinyUser[], dir = mkdtempSync(join(tmpdir(), 'tiny-dump-'))): string {
  const userRows = users.map(
    (u) =>
      `  <row Id="${u.id}" Reputation="${u.reputation}" CreationDate="2015-03-0${(u.id % 9) + 1}T10:00:00.000" DisplayName="${esc(u.name)}" LastAccessDate="2020-01-01T00:00:00.000" />`,
  );
  const postRows = users.map(
    (u, i) =>
      `  <row Id="${1000 + u.id}" PostTypeId="1" CreationDate="2016-05-0${(i % 9) + 1}T10:00:00.000" Score="3" ViewCount="12" Body="&lt;p&gt;A question asked by ${esc(u.name)} about brewing ${i}.&lt;/p&gt;" OwnerUserId="${u.id}" Title="How does ${esc(u.name)} brew coffee number ${i}?" Tags="&lt;brewing&gt;" AnswerCount="0" CommentCount="0" />`,
  );
  writeFileSync(join(dir, 'Users.xml'), `<?xml version="1.0" encoding="utf-8"?>\n<users>\n${userRows.join('\n')}\n</users>\n`);
  writeFileSync(join(dir, 'Posts.xml'), `<?xml version="1.0" encoding="utf-8"?>\n<posts>\n${postRows.join('\n')}\n</posts>\n`);
  return dir;
}
