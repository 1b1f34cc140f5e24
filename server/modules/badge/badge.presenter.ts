import type { AdminBadge, AwardObject, BadgeAward, BadgeInfo, BadgeListItem, UserBadge } from '../../contract/api/badge.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import { idOut } from '../../infra/ids/object-id.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';
import { BADGE_SINGLE, BADGE_STATUS, type BadgeAwardRow, type BadgeRow } from './badge.repository.js';

/** How badges are shown to one request: its language, the permalink mode and the site URL. */
export interface BadgeView {
  lang: LanguageCode;
  permalink: number;
  siteUrl: string;
}

/** A badge's name in the viewer's language (stored names are message keys; others show as they are). */
export function badgeName(view: Pick<BadgeView, 'lang'>, name: string): string {
  return translate(view.lang, name);
}

/** A badge's description with the profile link filled in. */
export function badgeDescription(view: BadgeView, description: string): string {
  return translate(view.lang, description, { profile_url: `${view.siteUrl}/users/settings/profile` });
}

/** BadgeListInfo: one badge of the grouped list. */
export function presentBadgeListInfo(b: BadgeRow, earned: number, view: BadgeView): BadgeListItem {
  return {
    id: idOut(b.id, view.permalink),
    name: badgeName(view, b.name),
    icon: b.icon,
    award_count: b.award_count,
    earned_count: earned,
    level: b.level,
  };
}

/** GetBadgeInfoResp. */
export function presentBadgeInfo(b: BadgeRow, earned: number, view: BadgeView): BadgeInfo {
  return {
    id: idOut(b.id, view.permalink),
    name: badgeName(view, b.name),
    description: badgeDescription(view, b.description),
    icon: b.icon,
    award_count: b.award_count,
    earned_count: earned,
    is_single: b.single === BADGE_SINGLE.single,
    level: b.level,
  };
}

/** GetBadgeListPagedResp (admin list). */
export function presentAdminBadge(b: BadgeRow, groupName: string, earned: boolean, view: BadgeView): AdminBadge {
  return {
    id: idOut(b.id, view.permalink),
    name: badgeName(view, b.name),
    description: badgeDescription(view, b.description),
    icon: b.icon,
    award_count: b.award_count,
    earned,
    level: b.level,
    group_name: groupName,
    status: b.status === BADGE_STATUS.active ? 'active' : 'inactive',
  };
}

/** GetUserBadgeAwardListResp. */
export function presentUserBadge(
  r: { id: string; name: string; icon: string; level: number; earned_count: number },
  view: BadgeView,
): UserBadge {
  return { id: idOut(r.id, view.permalink), name: badgeName(view, r.name), icon: r.icon, earned_count: r.earned_count, level: r.level };
}

/** The post an award was earned on, as the award list shows it. */
export type { AwardObject };

/** No post (profile badges, or the post is gone). */
export const NO_AWARD_OBJECT: AwardObject = {
  object_id: '',
  question_id: '',
  answer_id: '',
  comment_id: '',
  object_type: '',
  url_title: '',
};

/** GetBadgeAwardWithPageResp. */
export function presentAward(a: BadgeAwardRow, object: AwardObject, author: UserBasicInfo | undefined): BadgeAward {
  return { created_at: a.created_at, ...object, author_user_info: author ?? {} };
}
