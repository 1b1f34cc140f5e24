/** The response shapes live in the API contract, which the server's presenters use too. */
export type {
  AdminBadge,
  AwardObject,
  BadgeAward,
  BadgeGroup,
  BadgeInfo,
  BadgeListItem,
  UserBadge,
} from '../../../server/contract/api/badge';

/** Badge levels as the server numbers them. */
export const BADGE_LEVEL = { bronze: 1, silver: 2, gold: 3 } as const;
export type BadgeLevelName = keyof typeof BADGE_LEVEL;

/** The name of a level number (bronze for anything unknown). */
export function levelName(level: number): BadgeLevelName {
  return level === 3 ? 'gold' : level === 2 ? 'silver' : 'bronze';
}
