import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import type { Routers } from '../index.js';
import { BUILT_IN_PLUGINS } from './plugin.registry.js';
import { readPluginStatus } from './plugin.status.js';

/** GET plugin/status: every plugin and whether it is on. */
export function registerPlugin(ctx: AppContext, { api }: Routers): void {
  api.get('/plugin/status', async (_req, res) => {
    const status = await readPluginStatus(ctx.db);
    ok(res, BUILT_IN_PLUGINS.map((p) => ({ slug_name: p.slug_name, enabled: typeof status[p.slug_name] === 'boolean' ? status[p.slug_name] : p.defaultEnabled })));
  });
}
