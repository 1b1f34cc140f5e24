import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { exportScheduleSchema } from './schedule.schema.js';
import { exportOverview, saveExportSchedule, startExportRun } from './schedule.service.js';

/**
 * Admin → Backups, scheduled exports (Lantern's own endpoints): the settings with the next and
 * the last run, saving them, and running the exports now (answered at once; the run goes on
 * off the request and the page follows it through the overview).
 */
export function registerExportSchedule(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  admin.get('/exports/schedule', auth(ctx, 'admin'), async (req, res) => {
    ok(res, await exportOverview(ctx, requestLanguage(req)));
  });
  admin.put('/exports/schedule', auth(ctx, 'admin'), validate(exportScheduleSchema), async (req, res) => {
    await saveExportSchedule(ctx, inputOf(exportScheduleSchema, res));
    ok(res, await exportOverview(ctx, requestLanguage(req)));
  });
  admin.post('/exports/run', auth(ctx, 'admin'), async (req, res) => {
    await startExportRun(ctx, 'manual');
    ok(res, await exportOverview(ctx, requestLanguage(req)));
  });
}
