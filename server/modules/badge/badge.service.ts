import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { badRequest } from '../../http/errors.js';
import { decodeId, idOut, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { urlTitle } from '../../infra/markdown/render.js';
import type { SessionUser } from '../session/session.service.js';
import { findUserByUsername } from '../user/user-common.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import {
  badgeName,
  NO_AWARD_OBJECT,
  presentAdminBadge,
  presentAward,
  presentBadgeInfo,
  presentBadgeListInfo,
  presentUserBadge,
  type AwardObject,
  type BadgeView,
} from './badge.presenter.js';
import * as repo from './badge.repository.js';
import { BADGE_STATUS, type BadgeRow } from './badge.repository.js';
import type { AdminBadgePageQuery, AwardPageQuery, BadgeStatusInput } from './badge.schema.js';
import { ANSWER_STATUS, COMMENT_STATUS } from '../../contract/enums.js';

const RECENT_AWARDS = 10;

async function viewOf(ctx: AppContext, lang: LanguageCode): Promise<BadgeView> {
  const [seo, general] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('general')]);
  return { lang, permalink: seo.permalink, siteUrl: general.site_url };
}

const notFoundBadge = () => badRequest('error.badge.object_not_found');

/** An active badge by a long or short id, else 400 error.badge.object_not_found (as the reference). */
async function activeBadge(ctx: AppContext, rawId: string): Promise<BadgeRow> {
  const id = decodeId(rawId);
  const badge = id && objectTypeOf(id) === OBJECT_TYPE.badge ? await repo.findBadge(ctx.db, id) : undefined;
  if (!badge || badge.status !== BADGE_STATUS.active) throw notFoundBadge();
  return badge;
}

/** The user a username names, else 400 error.user.not_found (as the reference). */
async function namedUser(ctx: AppContext, username: string) {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw badRequest('error.user.not_found');
  return user;
}

/** GET badges: the active badges by group, with how often the viewer earned each. */
export async function badgeList(ctx: AppContext, session: SessionUser | undefined, lang: LanguageCode) {
  const view = await viewOf(ctx, lang);
  const [groups, badges, earned] = await Promise.all([
    repo.listGroups(ctx.db),
    repo.listBadges(ctx.db, [BADGE_STATUS.active]),
    session ? repo.earnedCounts(ctx.db, session.user.id) : Promise.resolve(new Map<string, number>()),
  ]);
  return groups.map((g) => ({
    group_name: badgeName(view, g.name),
    badges: badges.filter((b) => b.badge_group_id === g.id).map((b) => presentBadgeListInfo(b, earned.get(b.id) ?? 0, view)),
  }));
}

/** GET badge: one active badge, with how often the viewer earned it. */
export async function badgeInfo(ctx: AppContext, session: SessionUser | undefined, rawId: string, lang: LanguageCode) {
  const badge = await activeBadge(ctx, rawId);
  const earned = session ? ((await repo.earnedCounts(ctx.db, session.user.id)).get(badge.id) ?? 0) : 0;
  return presentBadgeInfo(badge, earned, await viewOf(ctx, lang));
}

/** The post an award was earned on, when it is still there and public. */
function awardObject(key: string, objects: Awaited<ReturnType<typeof repo.awardObjects>>, permalink: number): AwardObject {
  const live = (s: number | undefined) => s === 1 || s === 2;
  const question = (id: string) => objects.questions.get(id);
  switch (objectTypeOf(key)) {
    case OBJECT_TYPE.question: {
      const q = question(key);
      if (!q || !live(q.status)) return NO_AWARD_OBJECT;
      return {
        ...NO_AWARD_OBJECT,
        object_id: idOut(key, permalink),
        question_id: idOut(key, permalink),
        object_type: 'question',
        url_title: urlTitle(q.title),
      };
    }
    case OBJECT_TYPE.answer: {
      const a = objects.answers.get(key);
      const q = a && question(a.question_id);
      if (!a || a.status !== ANSWER_STATUS.available || !q || !live(q.status)) return NO_AWARD_OBJECT;
      return {
        ...NO_AWARD_OBJECT,
        object_id: idOut(key, permalink),
        question_id: idOut(a.question_id, permalink),
        answer_id: idOut(key, permalink),
        object_type: 'answer',
        url_title: urlTitle(q.title),
      };
    }
    case OBJECT_TYPE.comment: {
      const c = objects.comments.get(key);
      const q = c && question(c.question_id);
      if (!c || c.status !== COMMENT_STATUS.available || !q || !live(q.status)) return NO_AWARD_OBJECT;
      const onAnswer = objects.answers.get(c.object_id);
      if (onAnswer && onAnswer.status !== ANSWER_STATUS.available) return NO_AWARD_OBJECT;
      return {
        object_id: key,
        question_id: idOut(c.question_id, permalink),
        answer_id: onAnswer ? idOut(c.object_id, permalink) : '',
        comment_id: key,
        object_type: 'comment',
        url_title: urlTitle(q.title),
      };
    }
    default:
      return NO_AWARD_OBJECT;
  }
}

/** GET badge/awards/page: who earned an active badge (optionally one user), newest first. */
export async function badgeAwardPage(ctx: AppContext, q: AwardPageQuery, lang: LanguageCode) {
  const badge = await activeBadge(ctx, q.badge_id);
  const userId = q.username ? (await namedUser(ctx, q.username)).id : undefined;
  const { count, rows } = await repo.pageAwards(ctx.db, { badgeId: badge.id, userId, page: q.page, pageSize: q.page_size });
  const [view, usersCfg, objects] = await Promise.all([
    viewOf(ctx, lang),
    ctx.settings.get('users'),
    repo.awardObjects(
      ctx.db,
      rows.map((r) => r.award_key),
    ),
  ]);
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.map((r) => r.user_id),
  );
  return { count, list: rows.map((r) => presentAward(r, awardObject(r.award_key, objects, view.permalink), users.get(r.user_id))) };
}

/** GET badge/user/awards (all earned badges) and badge/user/awards/recent (the latest ten). */
export async function userBadgeAwards(ctx: AppContext, username: string, recent: boolean, lang: LanguageCode) {
  const user = await namedUser(ctx, username);
  const rows = await repo.userBadgeSummary(ctx.db, user.id, recent ? RECENT_AWARDS : undefined);
  const view = await viewOf(ctx, lang);
  return { count: rows.length, list: rows.map((r) => presentUserBadge(r, view)) };
}

/** GET admin badges: every badge (or those of one status, or matching q by name or `badge:<id>`), paged. */
export async function adminBadgePage(ctx: AppContext, session: SessionUser, q: AdminBadgePageQuery, lang: LanguageCode) {
  const view = await viewOf(ctx, lang);
  const statuses =
    q.status === 'active'
      ? [BADGE_STATUS.active]
      : q.status === 'inactive'
        ? [BADGE_STATUS.inactive]
        : [BADGE_STATUS.active, BADGE_STATUS.inactive];
  let badges = await repo.listBadges(ctx.db, statuses);
  if (q.q) {
    if (q.q.startsWith('badge:')) {
      const id = decodeId(q.q.slice('badge:'.length).trim());
      badges = badges.filter((b) => b.id === id);
    } else {
      const needle = q.q.toLowerCase();
      badges = badges.filter((b) => badgeName(view, b.name).toLowerCase().includes(needle));
    }
  }
  const page = badges.slice((q.page - 1) * q.page_size, q.page * q.page_size);
  const [groups, earned] = await Promise.all([repo.listGroups(ctx.db), repo.earnedCounts(ctx.db, session.user.id)]);
  const groupNames = new Map(groups.map((g) => [g.id, badgeName(view, g.name)]));
  return {
    count: badges.length,
    list: page.map((b) => presentAdminBadge(b, groupNames.get(b.badge_group_id) ?? '', (earned.get(b.id) ?? 0) > 0, view)),
  };
}

/**
 * PUT admin badge/status: an inactive badge is no longer shown or awarded and its awards are hidden;
 * made active again, its awards come back and award_count is recounted.
 */
export async function updateBadgeStatus(ctx: AppContext, input: BadgeStatusInput): Promise<void> {
  const id = decodeId(input.id);
  const badge = id && objectTypeOf(id) === OBJECT_TYPE.badge ? await repo.findBadge(ctx.db, id) : undefined;
  if (!badge || badge.status === BADGE_STATUS.deleted) throw notFoundBadge();
  const status = input.status === 'active' ? BADGE_STATUS.active : BADGE_STATUS.inactive;
  if (badge.status === status) return;
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setBadgeStatus(trx, badge.id, status, now);
    if (status === BADGE_STATUS.active) await repo.recountAwards(trx, badge.id);
  });
  ctx.events.emit({ type: 'badge.status', badgeId: badge.id, active: status === BADGE_STATUS.active });
}
