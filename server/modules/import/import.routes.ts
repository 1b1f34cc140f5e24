import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { AppError, badRequest, refuseUnreadBody } from '../../http/errors.js';
import type { Routers } from '../index.js';
import { DumpRefused, prepareDump, type UnpackLimits, DEFAULT_LIMITS } from './dump-files.js';
import { ImportJobs } from './import-job.js';
import { importFields } from '../../contract/requests/import.js';
import { guessSite, siteFrom } from './stackexchange.js';

/** Largest uploaded file (a dump's Posts.xml or its zip). */
export const MAX_FILE_MB = 4096;
const MAX_FILES = 10;

const refused = (err: DumpRefused, field = 'files') =>
  new AppError(400, err.key, null, [{ field, key: err.key, params: err.params }], err.params);

/** Receives the dump files into `res.locals.importDir` (a fresh folder under the data dir). */
function receiveDump(ctx: AppContext, jobs: ImportJobs): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    // refused without storing a byte: one import at a time, and none with several processes (the
    // others would serve while this one rewrites the site under them)
    const refusal = ctx.peers.size > 1 ? 'error.import.single_process' : jobs.busy() ? 'error.import.running' : null;
    if (refusal) return refuseUnreadBody(req, next, badRequest(refusal));
    const dir = join(ctx.config.dataDir, 'import-uploads', `${Date.now()}-${randomBytes(6).toString('hex')}`);
    const incoming = join(dir, 'incoming');
    mkdirSync(incoming, { recursive: true });
    res.locals.importDir = dir;
    const upload = multer({
      storage: multer.diskStorage({ destination: incoming, filename: (_req, _file, cb) => cb(null, randomBytes(12).toString('hex')) }),
      limits: {
        fileSize: MAX_FILE_MB * 1024 * 1024,
        files: MAX_FILES,
        fields: 4,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: MAX_FILES + 4,
        headerPairs: 100,
      },
    }).array('files', MAX_FILES);
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      void rm(dir, { recursive: true, force: true });
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return next(refused(new DumpRefused('error.import.too_large', { max: MAX_FILE_MB })));
      next(badRequest('base.request_format_error', [{ field: 'files', key: 'validation.type', params: { label: 'files' } }]));
    });
  };
}

/** The site a dump comes from: the form's field, else the archive's name (coffee.stackexchange.com.zip). */
function siteOf(field: string, names: string[]): string | null {
  const candidates = [field, ...names.filter((n) => /\.(zip|7z)$/i.test(n)).map((n) => guessSite(n.replace(/\.(zip|7z)$/i, '')))].filter(
    Boolean,
  );
  for (const c of candidates) {
    try {
      return siteFrom(c).host;
    } catch {
      if (c === field) return null;
    }
  }
  return null;
}

/**
 * The admin Stack Exchange import (Lantern's own endpoints): POST import/stackexchange takes the
 * dump's XML files or a .zip of them and starts the import; GET import/stackexchange is its progress
 * and, at the end, its summary. `limits` bound what an archive may unpack to.
 */
export function registerImport(ctx: AppContext, { admin }: Routers, limits: UnpackLimits = DEFAULT_LIMITS): void {
  const jobs = new ImportJobs(ctx);

  admin.get('/import/stackexchange', auth(ctx, 'admin'), (_req, res) => {
    ok(res, jobs.status());
  });

  admin.post('/import/stackexchange', auth(ctx, 'admin'), receiveDump(ctx, jobs), async (req, res) => {
    const dir = res.locals.importDir as string;
    try {
      const fields = importFields.safeParse(req.body ?? {});
      if (!fields.success) throw badRequest('error.import.site_invalid', [{ field: 'site', key: 'error.import.site_invalid' }]);
      const files = ((req.files ?? []) as Express.Multer.File[]).map((f) => ({ path: f.path, originalname: f.originalname }));
      const site = siteOf(
        fields.data.site,
        files.map((f) => f.originalname),
      );
      if (!site) throw badRequest('error.import.site_invalid', [{ field: 'site', key: 'error.import.site_invalid' }]);
      let prepared;
      try {
        prepared = await prepareDump(files, join(dir, 'dump'), limits);
      } catch (err) {
        throw err instanceof DumpRefused ? refused(err) : err;
      }
      if (jobs.busy()) throw badRequest('error.import.running');
      ok(res, jobs.start(join(dir, 'dump'), site, prepared.files, prepared.ignored, dir, { fetchImages: fields.data.fetch_images }));
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  });
}
