import type { Request, Response, Router } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { pluginRegistry, type PluginRoute } from './plugin.registry.js';
import { readPluginConfig } from './plugin.repository.js';
import { configValues } from './plugin.config.js';
import { pluginConfigSchema, pluginListQuery, pluginSlugQuery, pluginStatusSchema } from '../../contract/requests/plugin.js';
import * as service from './plugin.service.js';

function queryStrings(req: Request): Record<string, string> {
  return Object.fromEntries(Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * Serves the routes of route plugins at <router>/plugin/route/<slug>/<path> while the plugin is on;
 * anything else falls through to the API's 404.
 */
function mountRoutePlugins(ctx: AppContext, router: Router, adminSide: boolean): void {
  router.all('/plugin/route/:slug/*path', async (req: Request, res: Response, next) => {
    const slug = String(req.params.slug);
    const rest = `/${([] as string[]).concat(req.params.path ?? []).join('/')}`;
    const found = (await service.enabledPlugins(ctx, 'route')).find((r) => r.plugin.slug_name === slug);
    const route: PluginRoute | undefined = found?.plugin.routes.find(
      (r) => r.method === req.method && r.path === rest && (r.access === 'admin') === adminSide,
    );
    if (!found || !route) {
      next();
      return;
    }
    // the access check throws (401/403) before the handler runs
    await (auth(ctx, route.access) as (rq: Request, rs: Response, nx: () => void) => Promise<void>)(req, res, () => undefined);
    const config = configValues(found.plugin.configFields ?? [], await readPluginConfig(ctx.db, slug));
    const data = await route.handle({ ctx, config, query: queryStrings(req), req, res });
    if (!res.headersSent) ok(res, data ?? null);
  });
}

/** Plugin endpoints: status, the admin list/switch/settings, personal settings and the public plugin configs. */
export function registerPlugin(ctx: AppContext, routers: Routers): void {
  const { api, admin } = typed(routers);
  pluginRegistry(ctx);
  api.get('/plugin/status', async (_req, res) => {
    ok(res, await service.publicStatus(ctx));
  });
  api.get('/captcha/config', async (_req, res) => {
    ok(res, await service.captchaConfig(ctx));
  });
  api.get('/embed/config', async (_req, res) => {
    ok(res, await service.embedConfig(ctx));
  });
  api.get('/render/config', async (_req, res) => {
    ok(res, await service.renderConfig(ctx));
  });
  api.get('/user/plugin/configs', auth(ctx, 'active'), async (_req, res) => {
    ok(res, await service.userPluginList(ctx));
  });
  api.get('/user/plugin/config', auth(ctx, 'active'), validate(pluginSlugQuery, 'query'), async (_req, res) => {
    ok(res, await service.userPluginConfig(ctx, requireSession(res).user.id, inputOf(pluginSlugQuery, res).plugin_slug_name));
  });
  api.put('/user/plugin/config', auth(ctx, 'active'), validate(pluginConfigSchema), async (_req, res) => {
    const body = inputOf(pluginConfigSchema, res);
    await service.updateUserPluginConfig(ctx, requireSession(res).user.id, body.plugin_slug_name, body.config_fields);
    ok(res, null);
  });

  admin.get('/plugins', auth(ctx, 'admin'), validate(pluginListQuery, 'query'), async (_req, res) => {
    ok(res, await service.listPlugins(ctx, inputOf(pluginListQuery, res)));
  });
  admin.put('/plugin/status', auth(ctx, 'admin'), validate(pluginStatusSchema), async (_req, res) => {
    const body = inputOf(pluginStatusSchema, res);
    await service.setPluginStatus(ctx, body.plugin_slug_name, body.enabled);
    ok(res, null);
  });
  admin.get('/plugin/config', auth(ctx, 'admin'), validate(pluginSlugQuery, 'query'), async (_req, res) => {
    ok(res, await service.adminPluginConfig(ctx, inputOf(pluginSlugQuery, res).plugin_slug_name));
  });
  admin.put('/plugin/config', auth(ctx, 'admin'), validate(pluginConfigSchema), async (_req, res) => {
    const body = inputOf(pluginConfigSchema, res);
    await service.updateAdminPluginConfig(ctx, body.plugin_slug_name, body.config_fields);
    ok(res, null);
  });

  mountRoutePlugins(ctx, routers.api, false);
  mountRoutePlugins(ctx, routers.admin, true);
}
