import { translate } from '../../contract/messages/index.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { BADGE_SINGLE, hasAward } from '../badge/badge-common.service.js';
import { sourceKey } from './stackexchange-authors.js';
import { skip } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import * as repo from './stackexchange.repository.js';
import { badgeRow, rowProblem, type BadgeRow } from './stackexchange.schema.js';

type SiteBadge = { id: string; single: number; badge_group_id: string };

/** The badges a Stack Exchange badge name may stand for: stored name and English name, lower-cased. */
async function badgesByName(cx: SeImport): Promise<Map<string, SiteBadge>> {
  const rows = await repo.liveBadges(cx.db);
  const byName = new Map<string, SiteBadge>();
  for (const r of rows) {
    for (const n of [translate('en_US', r.name), r.name]) {
      const key = n.trim().toLowerCase();
      if (key && !byName.has(key)) byName.set(key, r);
    }
  }
  return byName;
}

/**
 * Badges.xml: an award of a badge this site has (same name, any case) to an imported user
 * becomes an award of that badge on its original date. Other names, tag badges and unknown
 * users are skipped and counted (by name); a single badge is awarded once.
 */
export async function importBadges(cx: SeImport): Promise<void> {
  const counts = cx.report.badges;
  const badges = await badgesByName(cx);
  await cx.batches.eachRow('Badges.xml', async (trx, raw) => {
    counts.rows += 1;
    const parsed = badgeRow.safeParse(raw);
    if (!parsed.success) return skip(counts, rowProblem(parsed.error));
    const b: BadgeRow = parsed.data;
    if (cx.ids.badgeAwards.has(b.Id)) {
      counts.existing += 1;
      return;
    }
    if (b.TagBased === 'True') return skip(counts, 'tag badge (not kept)');
    const badge = badges.get(b.Name.toLowerCase());
    if (!badge) return skip(counts, `no such badge here: ${b.Name.slice(0, 60)}`);
    const user = cx.ids.users.get(`u/${b.UserId}`);
    if (!user) return skip(counts, 'unknown user (UserId)');
    if (badge.single === BADGE_SINGLE.single && (await hasAward(trx, user.id, badge.id, null)))
      return skip(counts, 'single badge already held');
    const failed = await cx.batches.atomically(trx, async (t) => {
      const id = await newObjectId(t, OBJECT_TYPE.badge_award);
      // the dump does not say which post earned a multiple badge: each award is keyed by itself
      await repo.insertBadgeAward(t, {
        id,
        user_id: user.id,
        badge_id: badge.id,
        award_key: badge.single === BADGE_SINGLE.single ? '0' : id,
        badge_group_id: badge.badge_group_id,
        created_at: b.Date,
      });
      await repo.markImported(t, id, sourceKey(cx.site, 'b', b.Id), b.Date);
      cx.batches.touched.badges.add(badge.id);
      cx.batches.afterRow(() => cx.ids.badgeAwards.add(b.Id));
    });
    if (failed) skip(counts, `database: ${failed}`);
    else counts.imported += 1;
  });
}
