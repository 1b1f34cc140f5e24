import type { BackupOverview } from '../../contract/api/backup.js';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { AppContext } from '../../app-context.js';
import { translate } from '../../contract/messages/index.js';
import { auth } from '../../http/auth.js';
import { ok, requestLanguage, sendEnvelope } from '../../http/envelope.js';
import { badRequest, refuseUnreadBody } from '../../http/errors.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import { backupsDir } from '../../infra/backup.js';
import type { Routers } from '../index.js';
import { BackupError } from './backup.archive.js';
import { scheduleSchema } from '../../contract/requests/backup.js';
import {
  backupFile,
  currentJob,
  followPeerJobs,
  deleteBackup,
  getSchedule,
  inMaintenance,
  jobView,
  listBackups,
  runBackup,
  runRestore,
  saveSchedule,
  type Job,
} from './backup.service.js';

/** The largest backup archive the admin page accepts for a restore. */
export const MAX_UPLOAD_MB = 2048;

/** Receives one uploaded archive (field `file`) into <dataDir>/backups/.incoming, at most `maxBytes`. */
export function receiveArchive(dataDir: string, maxBytes: number): RequestHandler {
  const incoming = join(backupsDir(dataDir), '.incoming');
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        mkdirSync(incoming, { recursive: true });
        cb(null, incoming);
      },
      filename: (_req, _file, cb) => cb(null, `${randomBytes(12).toString('hex')}.upload`),
    }),
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 100 },
  }).single('file');
  return (req: Request, res: Response, next: NextFunction) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return next(new BackupError('error.backup.too_large', { max: Math.round(maxBytes / 1024 / 1024) }));
      next(badRequest('base.request_format_error', [{ field: 'file', key: 'validation.type' }]));
    });
  };
}

/** The answer every request gets while a restore runs; `open` lets the restore's own progress through. */
function maintenanceGate(ctx: AppContext, open: (req: Request) => boolean = () => false): RequestHandler {
  return (req, res, next) => {
    if (!inMaintenance(ctx) || open(req)) return next();
    res.set('Retry-After', '2');
    sendEnvelope(res, 503, 'base.maintenance', translate(requestLanguage(req), 'base.maintenance'), null);
  };
}

/** Refuses a restore upload without storing a byte when other server processes share the database. */
function refuseWithPeers(ctx: AppContext): RequestHandler {
  return (req, _res, next) => {
    if (ctx.peers.size < 2) return next();
    refuseUnreadBody(req, next, new BackupError('error.backup.single_process'));
  };
}

/** Starts a job and answers with it as soon as it is registered; a refusal before that (busy) becomes the error answer. */
function answerWhenStarted(res: Response, next: NextFunction, run: (started: (job: Job) => void) => Promise<Job>): void {
  run((job) => ok(res, { job: jobView(job, requestLanguage(res.req)) })).catch(next);
}

/**
 * Admin → Backups (Lantern's own endpoints, not Answer's): list, back up now, download, delete,
 * restore a listed or uploaded backup, the schedule and the running job's progress. Also puts
 * the maintenance answer in front of every route (this module is mounted first) and runs the
 * daily schedule in a running server.
 */
export function registerBackup(ctx: AppContext, routers: Routers): void {
  const { api, admin, install, root } = typed(routers);
  followPeerJobs(ctx);
  const gate = maintenanceGate(ctx);
  for (const r of [api, install, root]) r.use(gate);
  admin.use(maintenanceGate(ctx, (req) => req.method === 'GET' && req.path === '/backups/job'));

  admin.get('/backups', auth(ctx, 'admin'), async (req, res) => {
    ok(res, {
      backups: listBackups(ctx),
      job: jobView(currentJob(ctx), requestLanguage(req)),
      schedule: await getSchedule(ctx),
      max_upload_mb: MAX_UPLOAD_MB,
    } satisfies BackupOverview);
  });
  admin.get('/backups/job', auth(ctx, 'admin'), (req, res) => {
    ok(res, jobView(currentJob(ctx), requestLanguage(req)));
  });
  admin.post('/backups', auth(ctx, 'admin'), (_req, res, next) => {
    answerWhenStarted(res, next, (started) => runBackup(ctx, { started }));
  });
  admin.get('/backups/schedule', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, await getSchedule(ctx));
  });
  admin.put('/backups/schedule', auth(ctx, 'admin'), validate(scheduleSchema), async (_req, res) => {
    ok(res, await saveSchedule(ctx, inputOf(scheduleSchema, res)));
  });
  admin.post(
    '/backups/restore',
    auth(ctx, 'admin'),
    refuseWithPeers(ctx),
    receiveArchive(ctx.config.dataDir, MAX_UPLOAD_MB * 1024 * 1024),
    (req, res, next) => {
      const file = req.file;
      if (!file) throw badRequest('base.request_format_error', [{ field: 'file', key: 'validation.required' }]);
      const name = file.originalname.replace(/[^\w.-]/g, '_').slice(0, 120) || 'upload';
      answerWhenStarted(res, next, (started) =>
        runRestore(ctx, file.path, { name, started, cleanup: () => rmSync(file.path, { force: true }) }),
      );
    },
  );
  admin.get('/backups/:name/download', auth(ctx, 'admin'), (req, res, next) => {
    const name = String(req.params.name);
    const file = backupFile(ctx, name);
    res.download(
      file,
      name,
      { dotfiles: 'deny', headers: { 'Content-Type': 'application/gzip', 'X-Content-Type-Options': 'nosniff' } },
      (err) => {
        if (err && !res.headersSent) next(err);
      },
    );
  });
  admin.delete('/backups/:name', auth(ctx, 'admin'), (req, res) => {
    deleteBackup(ctx, String(req.params.name));
    ok(res);
  });
  admin.post('/backups/:name/restore', auth(ctx, 'admin'), (req, res, next) => {
    const name = String(req.params.name);
    const file = backupFile(ctx, name);
    answerWhenStarted(res, next, (started) => runRestore(ctx, file, { name, started }));
  });
}
