import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../../app-context.js';
import type { ApiKeyCaller } from '../../http/api-key-caller.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { addApiKeyBody, deleteApiKeyBody, updateApiKeyBody } from '../../contract/requests/api-key.js';
import * as service from './api-key.service.js';

/** Keys are managed from a signed-in session: a key cannot mint, rename or revoke keys. */
function sessionOnly(_req: Request, res: Response, next: NextFunction): void {
  if ((res.locals.apiKey as ApiKeyCaller | undefined) !== undefined) throw forbidden('error.api_key.session_required');
  next();
}

const ADMIN = { kind: 'admin' } as const;

/**
 * Answer 2.0's admin API keys: GET /answer/admin/api/api-key/all, POST, PUT and DELETE
 * /answer/admin/api/api-key. A key acts as the admin who made it, while that admin stays one.
 */
export function registerAdminApiKey(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  admin.get('/api-key/all', auth(ctx, 'admin'), sessionOnly, async (_req, res) => {
    ok(res, await service.listKeys(ctx, ADMIN));
  });
  admin.post('/api-key', auth(ctx, 'admin'), sessionOnly, validate(addApiKeyBody), async (_req, res) => {
    ok(res, await service.addKey(ctx, ADMIN, requireSession(res).user.id, inputOf(addApiKeyBody, res)));
  });
  admin.put('/api-key', auth(ctx, 'admin'), sessionOnly, validate(updateApiKeyBody), async (_req, res) => {
    await service.updateKey(ctx, ADMIN, inputOf(updateApiKeyBody, res));
    ok(res);
  });
  admin.delete('/api-key', auth(ctx, 'admin'), sessionOnly, validate(deleteApiKeyBody), async (_req, res) => {
    await service.deleteKey(ctx, ADMIN, inputOf(deleteApiKeyBody, res).id);
    ok(res);
  });
}

/**
 * Beyond Answer: a member's own keys, acting as that member with the member's privileges (never
 * the admin API), under /answer/api/v1/personal/api-key with the admin routes' shapes.
 */
export function registerPersonalApiKey(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  const mine = (res: Response) => ({ kind: 'personal', userId: requireSession(res).user.id }) as const;
  api.get('/personal/api-key/all', auth(ctx, 'active'), sessionOnly, async (_req, res) => {
    ok(res, await service.listKeys(ctx, mine(res)));
  });
  api.post('/personal/api-key', auth(ctx, 'active'), sessionOnly, validate(addApiKeyBody), async (_req, res) => {
    ok(res, await service.addKey(ctx, mine(res), requireSession(res).user.id, inputOf(addApiKeyBody, res)));
  });
  api.put('/personal/api-key', auth(ctx, 'active'), sessionOnly, validate(updateApiKeyBody), async (_req, res) => {
    await service.updateKey(ctx, mine(res), inputOf(updateApiKeyBody, res));
    ok(res);
  });
  api.delete('/personal/api-key', auth(ctx, 'active'), sessionOnly, validate(deleteApiKeyBody), async (_req, res) => {
    await service.deleteKey(ctx, mine(res), inputOf(deleteApiKeyBody, res).id);
    ok(res);
  });
}
