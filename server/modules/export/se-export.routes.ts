import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import type { Routers } from '../index.js';
import { exportStackExchange, ExportStopped } from './se-export.js';
import { sendZip } from './zip.js';

/** Where an export for download is written before it is zipped (inside the data dir: uploads may be large). */
const scratchDir = (ctx: AppContext) => join(ctx.config.dataDir, 'backups', '.export-se', randomBytes(8).toString('hex'));

/**
 * Admin → Backups, "Export (Stack Exchange .zip)" (Lantern's own endpoint): writes the export into
 * a scratch folder (a page at a time, off the hot path), then streams it as a zip. One export at a
 * time per site: another request meanwhile gets the 409 error.export_se.busy.
 */
export function registerSeExport(ctx: AppContext, { admin }: Routers): void {
  admin.get('/export/stackexchange', auth(ctx, 'admin'), async (req, res) => {
    const dir = scratchDir(ctx);
    const stop = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) stop.abort();
    };
    req.on('close', onClose);
    try {
      const { files } = await exportStackExchange(ctx, { outDir: dir, signal: stop.signal });
      const day = new Date(ctx.clock.now() * 1000).toISOString().slice(0, 10);
      await sendZip(res, dir, files, `lantern-stackexchange-${day}.zip`, { compress: (f) => !f.startsWith('uploads/') });
    } catch (err) {
      // the admin left the page: nothing to answer
      if (!(err instanceof ExportStopped)) throw err;
    } finally {
      req.off('close', onClose);
      await rm(dir, { recursive: true, force: true });
    }
  });
}
