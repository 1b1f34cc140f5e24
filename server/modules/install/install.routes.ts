import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { inputOf, validate } from '../../http/validate.js';
import { LANGUAGES } from '../../contract/languages.js';
import { uiTranslations } from '../language/language.service.js';
import type { Routers } from '../index.js';
import { baseInfoSchema, checkDatabaseSchema, langQuerySchema } from './install.schema.js';
import * as service from './install.service.js';

/** The installer endpoints; every one refuses once the site is installed. */
export function registerInstall(ctx: AppContext, { install }: Routers): void {
  install.get('/language/options', async (_req, res) => {
    await service.refuseWhenInstalled(ctx);
    ok(
      res,
      LANGUAGES.map((l) => ({ ...l })),
    );
  });
  install.get('/language/config', validate(langQuerySchema, 'query'), async (_req, res) => {
    await service.refuseWhenInstalled(ctx);
    ok(res, uiTranslations(inputOf(langQuerySchema, res).lang));
  });
  install.post('/config-file/check', async (_req, res) => {
    await service.refuseWhenInstalled(ctx);
    ok(res, await service.checkConfigFile(ctx));
  });
  install.post('/db/check', validate(checkDatabaseSchema), async (_req, res) => {
    await service.refuseWhenInstalled(ctx);
    ok(res, await service.checkDatabase(ctx, inputOf(checkDatabaseSchema, res)));
  });
  install.post('/init', validate(checkDatabaseSchema), async (_req, res) => {
    await service.initEnvironment(ctx, inputOf(checkDatabaseSchema, res));
    ok(res, null);
  });
  install.post('/base-info', validate(baseInfoSchema), async (_req, res) => {
    await service.installBaseInfo(ctx, inputOf(baseInfoSchema, res));
    ok(res, null);
  });
}
