import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Request, Response } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import type { Routers } from '../index.js';
import { buildOpenApiDocument, type DocumentedRoute } from './openapi.document.js';
import { SWAGGER_INDEX_HTML, SWAGGER_INIT_JS } from './swagger-page.js';

/** The files of swagger-ui-dist the page loads (its own index.html and petstore initializer are not served). */
const SWAGGER_ASSETS = new Set([
  'swagger-ui.css',
  'index.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);

/** Where swagger-ui-dist is installed (a production dependency, resolved when first asked). */
function swaggerDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * GET /answer/api/v1/openapi.json (OpenAPI 3.1, made once from the live route table) and the
 * Swagger UI at /swagger/index.html, served from swagger-ui-dist with no CDN. The document
 * describes routes, not data: it is public unless the site requires login (level 'optional');
 * the page and its assets are public, and the page sends the reader's token for the document.
 */
export function registerOpenApi(ctx: AppContext, { api, root }: Routers, routeTable: () => readonly DocumentedRoute[]): void {
  let cached: string | undefined;
  api.get('/openapi.json', auth(ctx, 'optional'), (_req, res) => {
    // the table is complete once the app is built; the first request makes the document
    cached ??= JSON.stringify(buildOpenApiDocument(routeTable(), { version: ctx.config.version, basePath: ctx.config.basePath }));
    res.type('application/json').send(cached);
  });
  root.get('/swagger', auth(ctx, 'public'), (_req, res) => {
    res.redirect(302, `${ctx.config.basePath}/swagger/index.html`);
  });
  root.get('/swagger/index.html', auth(ctx, 'public'), (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(SWAGGER_INDEX_HTML);
  });
  root.get('/swagger/lantern-init.js', auth(ctx, 'public'), (_req, res) => {
    res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
    res.send(SWAGGER_INIT_JS);
  });
  let dir: string | undefined;
  root.get('/swagger/:file', auth(ctx, 'public'), (req: Request, res: Response) => {
    const file = String(req.params.file);
    if (!SWAGGER_ASSETS.has(file)) throw notFound('base.not_found');
    dir ??= swaggerDir();
    res.sendFile(join(dir, file), { maxAge: '1d' });
  });
}
