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
import { BADGE_LEVEL } from '../../../server/contract/enums';

/** Badge levels as the server numbers them (the contract's named codes). */
export { BADGE_LEVEL };
export type BadgeLevelName = keyof typeof BADGE_LEVEL;

/** The name of a level number (bronze for anything unknown). */
export function levelName(level: number): BadgeLevelName {
  return level === BADGE_LEVEL.gold ? 'gold' : level === BADGE_LEVEL.silver ? 'silver' : 'bronze';
}
