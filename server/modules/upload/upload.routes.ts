import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { typed } from '../../http/typed-router.js';
import type { Routers } from '../index.js';
import { absoluteUploadUrl } from './upload-url.js';
import { HARD_LIMIT_MB, storedFile, tooLarge, uploadFile } from './upload.service.js';

// Uploaded files are only ever shown as images: nothing in them may run, frame or load anything.
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
// a stored file never changes under its random name: a public one is cached for a year
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

/** Reads the multipart body (one file of at most 4 MB, a few small fields) into memory. */
function receiveFile(): RequestHandler {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: HARD_LIMIT_MB * 1024 * 1024,
      files: 1,
      fields: 8,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 10,
      headerPairs: 100,
    },
  }).single('file');
  return (req: Request, res: Response, next: NextFunction) => {
    single(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(tooLarge(HARD_LIMIT_MB));
        return next(
          badRequest('base.request_format_error', [
            { field: err.field && err.field.length <= 100 ? err.field : 'file', key: 'validation.type' },
          ]),
        );
      }
      next(badRequest('base.request_format_error'));
    });
  };
}

/** POST file (logged in and active) and the files themselves under /uploads/. */
export function registerUpload(ctx: AppContext, routers: Routers): void {
  const { api, root } = typed(routers);
  api.post('/file', auth(ctx, 'active'), receiveFile(), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ref = await uploadFile(ctx, requireSession(res), { source: body.source, file: req.file });
    // stored relative; answered absolute at the address the request came to (Answer's UI puts it into markdown as it is)
    ok(res, await absoluteUploadUrl(ctx, { host: req.headers.host, protocol: req.protocol }, ref));
  });

  root.get('/uploads/*path', async (req, res, next) => {
    const segments = (req.params as { path?: string | string[] }).path;
    const rel = Array.isArray(segments) ? segments.join('/') : String(segments ?? '');
    const found = storedFile(ctx, rel);
    if (!found) throw notFound();
    // private mode: files need a live visit cookie, site branding excepted (as the reference)
    const members = found.source !== 'branding' && (await ctx.settings.get('login')).login_required;
    if (members) {
      const visit = typeof req.cookies?.visit === 'string' ? req.cookies.visit : '';
      if (!(await ctx.sessions.visitIsLive(visit))) {
        res.redirect(302, `${ctx.config.basePath}/403`);
        return;
      }
    }
    res.sendFile(
      found.relPath,
      {
        root: found.root,
        dotfiles: 'deny',
        cacheControl: false,
        // shown inline under its generated name (hex and a checked extension: nothing to escape), never the uploader's file name
        headers: {
          // a members-only file is kept by no cache: a shared one (a proxy's) would hand it to anyone
          'Cache-Control': members ? PRIVATE_CACHE : PUBLIC_CACHE,
          'Content-Type': found.mime,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': FILE_CSP,
          'Content-Disposition': `inline; filename="${found.relPath.split('/').pop()}"`,
        },
      },
      (err) => {
        if (err && !res.headersSent) next(notFound());
      },
    );
  });
}
