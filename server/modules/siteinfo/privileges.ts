import type { PrivilegeLevel, PrivilegeOptions } from '../../contract/api/site.js';
import { GROUP_DEFAULTS } from './siteinfo.defaults.js';
import { privilegesSchema } from './siteinfo.schema.js';
import type { DbOrTrx } from '../../db/database.js';
import { readConfigValues, writeConfigValue } from '../config/config.repository.js';

/** The privileges on the admin page with their values at levels 1, 2 and 3 (answer-behaviour §6). */
export const PRIVILEGES: { key: string; label: string; levels: [number, number, number] }[] = [
  { key: 'rank.question.add', label: 'Ask question', levels: [1, 1, 1] },
  { key: 'rank.answer.add', label: 'Write answer', levels: [1, 1, 1] },
  { key: 'rank.comment.add', label: 'Write comment', levels: [1, 1, 1] },
  { key: 'rank.report.add', label: 'Flag', levels: [1, 1, 1] },
  { key: 'rank.comment.vote_up', label: 'Upvote comment', levels: [1, 1, 1] },
  { key: 'rank.link.url_limit', label: 'Post more than 2 links at a time', levels: [1, 10, 10] },
  { key: 'rank.question.vote_up', label: 'Upvote question', levels: [1, 8, 15] },
  { key: 'rank.answer.vote_up', label: 'Upvote answer', levels: [1, 8, 15] },
  { key: 'rank.question.vote_down', label: 'Downvote question', levels: [125, 125, 125] },
  { key: 'rank.answer.vote_down', label: 'Downvote answer', levels: [125, 125, 125] },
  { key: 'rank.answer.invite_someone_to_answer', label: 'Invite someone to answer', levels: [1, 500, 1000] },
  { key: 'rank.tag.add', label: 'Create new tag', levels: [1, 750, 1500] },
  { key: 'rank.tag.edit', label: 'Edit tag description (need to review)', levels: [1, 50, 100] },
  { key: 'rank.question.edit', label: "Edit other's question (need to review)", levels: [1, 100, 200] },
  { key: 'rank.answer.edit', label: "Edit other's answer (need to review)", levels: [1, 100, 200] },
  { key: 'rank.question.edit_without_review', label: "Edit other's question without review", levels: [1, 1000, 2000] },
  { key: 'rank.answer.edit_without_review', label: "Edit other's answer without review", levels: [1, 1000, 2000] },
  { key: 'rank.question.audit', label: 'Review question edits', levels: [1, 1000, 2000] },
  { key: 'rank.answer.audit', label: 'Review answer edits', levels: [1, 1000, 2000] },
  { key: 'rank.tag.audit', label: 'Review tag edits', levels: [1, 2500, 5000] },
  { key: 'rank.tag.edit_without_review', label: 'Edit tag description without review', levels: [1, 10000, 20000] },
  { key: 'rank.tag.synonym', label: 'Manage tag synonyms', levels: [1, 10000, 20000] },
];

const LEVEL_DESC: Record<number, string> = {
  1: 'Level 1 (less reputation required for private team, group)',
  2: 'Level 2 (low reputation required for startup community)',
  3: 'Level 3 (high reputation required for mature community)',
  99: 'Custom Level',
};

/** The level of a site that never chose one (the defaults'), as PUT takes it. */
const DEFAULT_LEVEL: PrivilegeLevel = privilegesSchema.shape.level.parse(GROUP_DEFAULTS.privileges.level);

/** A stored level as PUT would take it; one it would refuse (an older or imported value) is the default level. */
function levelOf(stored: unknown): PrivilegeLevel {
  const parsed = privilegesSchema.shape.level.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_LEVEL;
}

/** GET setting/privileges: the three levels plus the custom one, and the selected level. */
export function privilegeOptions(selected: { level: number; custom_privileges?: { key: string; value: number }[] }): PrivilegeOptions {
  const custom = new Map((selected.custom_privileges ?? []).map((p) => [p.key, p.value]));
  const level = (n: 1 | 2 | 3) => ({
    level: n,
    level_desc: LEVEL_DESC[n],
    privileges: PRIVILEGES.map((p) => ({ key: p.key, label: p.label, value: p.levels[n - 1] })),
  });
  return {
    options: [
      level(1),
      level(2),
      level(3),
      {
        level: 99 as const,
        level_desc: LEVEL_DESC[99],
        privileges: PRIVILEGES.map((p) => ({ key: p.key, label: p.label, value: custom.get(p.key) ?? p.levels[0] })),
      },
    ],
    selected_level: levelOf(selected.level),
  };
}

/** The values a level stands for (custom: the given values over level 1). */
export function levelValues(level: number, custom: { key: string; value: number }[]): Map<string, number> {
  const given = new Map(custom.map((p) => [p.key, p.value]));
  return new Map(PRIVILEGES.map((p) => [p.key, level === 99 ? (given.get(p.key) ?? p.levels[0]) : p.levels[level - 1]]));
}

/** Writes every privilege value into its rank.* config row. */
export async function applyPrivileges(db: DbOrTrx, values: Map<string, number>): Promise<void> {
  for (const [key, value] of values) await writeConfigValue(db, key, String(value));
}

/** The current rank.* values (for tests and the admin page). */
export async function currentPrivilegeValues(db: DbOrTrx): Promise<Map<string, string>> {
  return readConfigValues(
    db,
    PRIVILEGES.map((p) => p.key),
  );
}
