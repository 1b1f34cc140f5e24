import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { auditSchema, editCheckQuery, revisionListQuery, unreviewedQuery } from '../../contract/requests/revision.js';
import * as service from './revision.service.js';

/** Revisions, the edit check, the suggested-edit queue and its review, and the review counters. */
export function registerRevision(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/revisions', auth(ctx, 'optional'), validate(revisionListQuery, 'query'), async (_req, res) => {
    ok(res, await service.listRevisions(ctx, currentSession(res), inputOf(revisionListQuery, res).object_id));
  });
  api.get('/revisions/edit/check', auth(ctx, 'active'), validate(editCheckQuery, 'query'), async (_req, res) => {
    ok(res, await service.checkCanEdit(ctx, requireSession(res), inputOf(editCheckQuery, res).id));
  });
  api.get('/revisions/unreviewed', auth(ctx, 'active'), validate(unreviewedQuery, 'query'), async (_req, res) => {
    ok(res, await service.unreviewedPage(ctx, requireSession(res), inputOf(unreviewedQuery, res).page));
  });
  api.put('/revisions/audit', auth(ctx, 'active'), validate(auditSchema), async (_req, res) => {
    await service.audit(ctx, requireSession(res), inputOf(auditSchema, res));
    ok(res, {});
  });
  api.get('/reviewing/type', auth(ctx, 'active'), async (req, res) => {
    ok(res, await service.reviewingTypes(ctx, requireSession(res), requestLanguage(req)));
  });
}
