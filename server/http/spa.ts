import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';
import { apiNotFound } from './error-handler.js';

const ASSET_CACHE = 'public, max-age=31536000, immutable';

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built renderer: hashed assets cached for a year, index.html never cached and
 * given a <base href> plus the base path, so one build works under any prefix. Every path asked
 * for as HTML is the UI page (the router in the page draws its 404); a JSON-only request for any
 * path but the root gets 404 in the envelope, so GET / (the UI page, Answer's `GET /`) is told
 * apart from a missing route.
 */
export function spaRouter(rendererDir: string, basePath: string, isInstalled: () => Promise<boolean>): Router {
  const router = express.Router();
  const indexFile = join(rendererDir, 'index.html');
  let template: string | null = null;
  const page = (): string => {
    if (template === null) {
      const raw = existsSync(indexFile)
        ? readFileSync(indexFile, 'utf8')
        : '<!doctype html><title>Lantern</title><div id="root">The UI is not built: run npm run build.</div>';
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
  router.get(/.*/, async (req, res, next) => {
    const path = req.path;
    // a client that only takes JSON (an API client, a probe) gets the envelope's 404 for a path
    // that is not the site root; browsers ask for HTML on every page of the UI
    if (path !== '/' && !req.accepts('html')) {
      apiNotFound(req, res, next);
      return;
    }
    const installed = await isInstalled();
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
