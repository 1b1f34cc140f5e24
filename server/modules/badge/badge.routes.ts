import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { subscribeBadgeRules } from './badge.award.js';
import { adminBadgePageQuery, awardPageQuery, badgeIdQuery, badgeStatusSchema, userAwardsQuery } from '../../contract/requests/badge.js';
import * as service from './badge.service.js';

/** Badges: the grouped list, one badge, who earned it, a user's badges; admin list and status; the award rules. */
export function registerBadge(ctx: AppContext, routers: Routers): void {
  const { api, admin } = typed(routers);
  subscribeBadgeRules(ctx);

  api.get('/badges', auth(ctx, 'optional'), async (req, res) => {
    ok(res, await service.badgeList(ctx, currentSession(res), requestLanguage(req)));
  });
  api.get('/badge', auth(ctx, 'optional'), validate(badgeIdQuery, 'query'), async (req, res) => {
    ok(res, await service.badgeInfo(ctx, currentSession(res), inputOf(badgeIdQuery, res).id, requestLanguage(req)));
  });
  api.get('/badge/awards/page', auth(ctx, 'optional'), validate(awardPageQuery, 'query'), async (req, res) => {
    ok(res, await service.badgeAwardPage(ctx, inputOf(awardPageQuery, res), requestLanguage(req)));
  });
  api.get('/badge/user/awards', auth(ctx, 'optional'), validate(userAwardsQuery, 'query'), async (req, res) => {
    ok(res, await service.userBadgeAwards(ctx, inputOf(userAwardsQuery, res).username, false, requestLanguage(req)));
  });
  api.get('/badge/user/awards/recent', auth(ctx, 'optional'), validate(userAwardsQuery, 'query'), async (req, res) => {
    ok(res, await service.userBadgeAwards(ctx, inputOf(userAwardsQuery, res).username, true, requestLanguage(req)));
  });

  admin.get('/badges', auth(ctx, 'admin'), validate(adminBadgePageQuery, 'query'), async (req, res) => {
    ok(res, await service.adminBadgePage(ctx, requireSession(res), inputOf(adminBadgePageQuery, res), requestLanguage(req)));
  });
  admin.put('/badge/status', auth(ctx, 'admin'), validate(badgeStatusSchema), async (_req, res) => {
    await service.updateBadgeStatus(ctx, inputOf(badgeStatusSchema, res));
    ok(res, null);
  });
}
