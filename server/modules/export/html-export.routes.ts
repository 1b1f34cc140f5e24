import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import type { Routers } from '../index.js';
import { exportStaticArchive } from './html-export.js';
import { MANIFEST_FILE } from './html-writer.js';
import { oneAtATime } from './one-at-a-time.js';
import { folderFiles, sendZip } from './zip.js';

/** Where the admin's download builds the archive (kept, so the next download rewrites only what changed). */
export function archiveDir(ctx: AppContext): string {
  return join(ctx.config.dataDir, 'exports', 'html');
}

// one build at a time per app instance (two would write the same folder)
const claimBuild = oneAtATime<AppContext>(() => badRequest('error.export_html.busy'));

/**
 * Admin → Backups, "Download static archive" (Lantern's own endpoint): builds the static archive into
 * <data dir>/exports/html and sends it as a .zip; a reader who leaves stops the build between pages.
 */
export function registerHtmlExport(ctx: AppContext, { admin }: Routers): void {
  admin.get('/exports/html.zip', auth(ctx, 'admin'), async (req, res) => {
    const release = claimBuild(ctx);
    const stop = new AbortController();
    res.on('close', () => stop.abort());
    try {
      const outDir = archiveDir(ctx);
      await exportStaticArchive(ctx, { outDir, signal: stop.signal });
      const day = new Date(ctx.clock.now() * 1000).toISOString().slice(0, 10);
      const files = folderFiles(outDir, (name) => name === MANIFEST_FILE || name.startsWith('.'));
      await sendZip(res, outDir, files, `lantern-archive-${day}.zip`, { root: `lantern-archive-${day}` });
    } finally {
      release();
    }
  });
}
