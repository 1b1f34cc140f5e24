import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import { languageOptions, uiTranslations } from '../language/language.service.js';
import type { Routers } from '../index.js';
import { baseInfoSchema, checkDatabaseSchema, langQuerySchema, setupCodeSchema } from '../../contract/requests/install.js';
import * as service from './install.service.js';
import { checkSetupCode, setupCodeRequired } from './install.setup-code.js';

/**
 * The installer endpoints; every one refuses once the site is installed. Those that write or reach
 * a database also want the setup code from a browser on another machine (install.setup-code.ts).
 */
export function registerInstall(ctx: AppContext, routers: Routers): void {
  const { install } = typed(routers);
  const languages = languageOptions();
  install.get('/language/options', async (_req, res) => {
    await service.refuseWhenInstalled(ctx);
    ok(res, languages);
  });
  install.get('/language/config', validate(langQuerySchema, 'query'), async (_req, res) => {
    await service.refuseWhenInstalled(ctx);
    ok(res, uiTranslations(inputOf(langQuerySchema, res).lang));
  });
  install.post('/config-file/check', async (req, res) => {
    await service.refuseWhenInstalled(ctx);
    // setup_code_required is Lantern's: a stock client ignores it
    ok(res, { ...(await service.checkConfigFile(ctx)), setup_code_required: await setupCodeRequired(ctx, req) });
  });
  install.post('/setup-code/check', validate(setupCodeSchema), async (req, res) => {
    await service.refuseWhenInstalled(ctx);
    await checkSetupCode(ctx, req, inputOf(setupCodeSchema, res).setup_code);
    ok(res, null);
  });
  install.post('/db/check', validate(checkDatabaseSchema), async (req, res) => {
    await service.refuseWhenInstalled(ctx);
    const input = inputOf(checkDatabaseSchema, res);
    await checkSetupCode(ctx, req, input.setup_code);
    ok(res, await service.checkDatabase(ctx, input));
  });
  install.post('/init', validate(checkDatabaseSchema), async (req, res) => {
    await service.refuseWhenInstalled(ctx);
    const input = inputOf(checkDatabaseSchema, res);
    await checkSetupCode(ctx, req, input.setup_code);
    await service.initEnvironment(ctx, input);
    ok(res, null);
  });
  install.post('/base-info', validate(baseInfoSchema), async (req, res) => {
    await service.refuseWhenInstalled(ctx);
    const input = inputOf(baseInfoSchema, res);
    await checkSetupCode(ctx, req, input.setup_code);
    await service.installBaseInfo(ctx, input);
    ok(res, null);
  });
}
