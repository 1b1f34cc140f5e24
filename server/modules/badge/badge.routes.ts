import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { input, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { subscribeBadgeRules } from './badge.award.js';
import {
  adminBadgePageQuery, awardPageQuery, badgeIdQuery, badgeStatusSchema, userAwardsQuery,
  type AdminBadgePageQuery, type AwardPageQuery, type BadgeStatusInput,
} from './badge.schema.js';
import * as service from './badge.service.js';

/** Badges: the grouped list, one badge, who earned it, a user's badges; admin list and status; the award rules. */
export function registerBadge(ctx: AppContext, { api, admin }: Routers): void {
  subscribeBadgeRules(ctx);

  api.get('/badges', auth(ctx, 'optional'), async (req, res) => {
    ok(res, await service.badgeList(ctx, currentSession(res), requestLanguage(req)));
  });
  api.get('/badge', auth(ctx, 'optional'), validate(badgeIdQuery, 'query'), async (req, res) => {
    ok(res, await service.badgeInfo(ctx, currentSession(res), input<{ id: string }>(res).id, requestLanguage(req)));
  });
  api.get('/badge/awards/page', auth(ctx, 'optional'), validate(awardPageQuery, 'query'), async (req, res) => {
    ok(res, await service.badgeAwardPage(ctx, input<AwardPageQuery>(res), requestLanguage(req)));
  });
  api.get('/badge/user/awards', auth(ctx, 'optional'), validate(userAwardsQuery, 'query'), async (req, res) => {
    ok(res, await service.userBadgeAwards(ctx, input<{ username: string }>(res).username, false, requestLanguage(req)));
  });
  api.get('/badge/user/awards/recent', auth(ctx, 'optional'), validate(userAwardsQuery, 'query'), async (req, res) => {
    ok(res, await service.userBadgeAwards(ctx, input<{ username: string }>(res).username, true, requestLanguage(req)));
  });

  admin.get('/badges', auth(ctx, 'admin'), validate(adminBadgePageQuery, 'query'), async (req, res) => {
    ok(res, await service.adminBadgePage(ctx, requireSession(res), input<AdminBadgePageQuery>(res), requestLanguage(req)));
  });
  admin.put('/badge/status', auth(ctx, 'admin'), validate(badgeStatusSchema), async (_req, res) => {
    await service.updateBadgeStatus(ctx, input<BadgeStatusInput>(res));
    ok(res, null);
  });
}
