import { syncImportedReputation } from '../personal/personal-common.service.js';
import type { PendingRender } from './import-renders.js';
import { skip } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import { rowProblem, userRow, type UserRow } from './stackexchange.schema.js';

/** What Users.xml's batch will render before its transaction: the bios of users not imported yet. */
function userTexts(cx: SeImport, batch: Record<string, string>[]): PendingRender[] {
  return batch.flatMap((raw) => {
    const parsed = userRow.safeParse(raw);
    if (!parsed.success || !parsed.data.AboutMe || cx.ids.users.has(`u/${parsed.data.Id}`)) return [];
    const bio = cx.batches.toMarkdown(parsed.data.AboutMe);
    return bio ? [{ text: bio, attribution: false }] : [];
  });
}

/** Users.xml: each user becomes an account that cannot log in; a user imported before gets the dump's reputation. */
export async function importUsers(cx: SeImport): Promise<void> {
  const counts = cx.report.users;
  await cx.batches.eachRow(
    'Users.xml',
    (batch) => userTexts(cx, batch),
    async (trx, raw) => {
      counts.rows += 1;
      const parsed = userRow.safeParse(raw);
      if (!parsed.success) return skip(counts, rowProblem(parsed.error));
      const u: UserRow = parsed.data;
      const known = cx.ids.users.get(`u/${u.Id}`);
      if (known) {
        counts.existing += 1;
        await syncImportedReputation(trx, known.id, u.Reputation ?? 1, Math.floor(Date.now() / 1000));
        return;
      }
      const failed = await cx.batches.atomically(trx, async (t) => {
        await cx.authors.create(t, `u/${u.Id}`, u.Id, {
          name: u.DisplayName,
          created: u.CreationDate,
          rank: u.Reputation,
          lastSeen: u.LastAccessDate,
          bioHtml: u.AboutMe,
          website: u.WebsiteUrl,
          location: u.Location,
        });
      });
      if (failed) skip(counts, `database: ${failed}`);
      else counts.imported += 1;
    },
  );
}
