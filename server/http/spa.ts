import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';

const ASSET_CACHE = 'public, max-age=31536000, immutable';

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built renderer: hashed assets cached for a year, index.html never cached and
 * given a <base href> plus the base path, so one build works under any prefix.
 */
export function spaRouter(rendererDir: string, basePath: string, isInstalled: () => Promise<boolean>): Router {
  const router = express.Router();
  const indexFile = join(rendererDir, 'index.html');
  let template: string | null = null;
  const page = (): string => {
    if (template === null) {
      const raw = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '<!doctype html><title>Lantern</title><div id="root">The UI is not built: run npm run build.</div>';
      const inject = `<base href="${escapeAttr(basePath)}/"><meta name="lantern-base" content="${escapeAttr(basePath)}">`;
      template = raw.replace(/<head>/i, `<head>${inject}`);
    }
    return template;
  };
  router.use(
    '/assets',
    express.static(join(rendererDir, 'assets'), {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', ASSET_CACHE),
    }),
  );
  router.use(express.static(rendererDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, async (req, res) => {
    const installed = await isInstalled();
    const path = req.path;
    if (!installed && path !== '/install') {
      res.redirect(302, `${basePath}/install`);
      return;
    }
    if (installed && path === '/install') {
      res.redirect(302, `${basePath}/`);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
    res.type('html').send(page());
  });
  return router;
}
