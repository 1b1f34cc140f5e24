import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { bodyLimit, type BodyLimitTier } from '../../http/body-limit.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { readGroupSetting, saveGroupSetting, SETTING_GROUPS } from './admin-siteinfo.service.js';

/** The groups whose texts are long (65536 characters each): their bodies may be larger than the default. */
const LONG_TEXT_GROUPS: Readonly<Record<string, BodyLimitTier>> = { legal: 'settings', 'custom-css-html': 'settings', seo: 'post' };

/** GET and PUT /answer/admin/api/siteinfo/<group> for the ten settings groups. */
export function registerAdminSiteinfo(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  for (const r of SETTING_GROUPS) {
    admin.get(`/siteinfo/${r.path}`, auth(ctx, 'admin'), async (_req, res) => {
      ok(res, await readGroupSetting(ctx, r));
    });
    admin.put(
      `/siteinfo/${r.path}`,
      auth(ctx, 'admin'),
      bodyLimit(LONG_TEXT_GROUPS[r.path] ?? 'default'),
      validate(r.schema),
      async (_req, res) => {
        ok(res, await saveGroupSetting(ctx, r, inputOf(r.schema, res)));
      },
    );
  }
  admin.get('/theme/options', auth(ctx, 'admin'), (_req, res) => ok(res, [{ label: 'Default', value: 'default' }]));
}
