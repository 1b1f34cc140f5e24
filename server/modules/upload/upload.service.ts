import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { isAdmin } from '../permission/policy.js';
import type { SessionUser } from '../session/session.service.js';
import { extensionAllowed, IMAGE_TYPES, sniffImage, stripMetadata, type ImageExt } from './upload.images.js';
import { quotaRefusal, quotaWindowStart } from './upload.quota.js';
import * as repo from './upload.repository.js';

/** Uploads never exceed this, whatever the settings say (the product spec's 4 MB). */
export const HARD_LIMIT_MB = 4;
const MB = 1024 * 1024;

/** The upload sources and the folder under uploads/ each is stored in. */
export const SOURCE_DIRS = { post: 'post', avatar: 'avatar', branding: 'branding', post_attachment: 'files/post' } as const;
export type UploadSource = keyof typeof SOURCE_DIRS;

/** A stored upload's path below uploads/: a known folder and a generated name. */
export const STORED_PATH = /^(post|avatar|branding|files\/post)\/[a-f0-9]{24}\.(jpg|png|gif|webp)$/;
/** STORED_PATH's pattern without its anchors, to find stored paths inside longer text. */
export const STORED_PATH_IN_TEXT = STORED_PATH.source.replace(/^\^|\$$/g, '');

/** The folder uploads live in: the configured one (shared by processes on several machines), else the data dir's. */
export function uploadsDir(ctx: AppContext): string {
  return ctx.config.uploadsDir ?? join(ctx.config.dataDir, 'uploads');
}

/** The source a stored path's folder stands for (post, avatar, branding, post_attachment), or null. */
export function sourceOfStoredPath(relPath: string): UploadSource | null {
  const found = (Object.entries(SOURCE_DIRS) as [UploadSource, string][]).find(([, dir]) => relPath.startsWith(`${dir}/`));
  return found ? found[0] : null;
}

/** A file written whole below uploads/ by other means than an upload (an import's fetched or restored image). */
export type StoredFileRecord = Parameters<typeof repo.insertFileRecord>[1];

/**
 * Records a file already written whole below uploads/ as an upload of `row.user_id`, as uploadFile
 * records one; a path already recorded is left as it is. True when it recorded it now.
 */
export async function recordStoredFile(db: DbOrTrx, row: StoredFileRecord): Promise<boolean> {
  if (await repo.fileRecorded(db, row.file_path)) return false;
  await repo.insertFileRecord(db, row);
  return true;
}

/** The limit in MB for a source: the write setting when set, never above 4 MB. */
export function limitMb(source: UploadSource, write: { max_image_size: number; max_attachment_size: number }): number {
  const setting = source === 'post_attachment' ? write.max_attachment_size : write.max_image_size;
  return setting > 0 ? Math.min(HARD_LIMIT_MB, setting) : HARD_LIMIT_MB;
}

/** The 400 for a file over the limit. */
export function tooLarge(max: number) {
  return badRequest('base.request_format_error', [{ field: 'file', key: 'error.upload.file_too_large', params: { max } }]);
}

const unsupportedFormat = () =>
  badRequest('error.upload.unsupported_file_format', [{ field: 'file', key: 'error.upload.unsupported_file_format' }]);

/** A file as the multipart reader hands it over. */
export interface ReceivedFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/**
 * POST file: checks the source, the size and the real format of the bytes (JPEG, PNG, GIF, WebP,
 * within the megapixel setting), strips photo metadata, stores the image under a random name,
 * records it and answers its URL.
 */
/**
 * Writes a file so that its name only ever shows a whole file: the bytes go to a dot-named
 * temporary file beside it (never served: not a stored name), are synced, then renamed into place.
 * A kill part way leaves no truncated upload under a name the site serves.
 */
export async function writeWhole(target: string, bytes: Buffer): Promise<void> {
  const tmp = resolve(target, '..', `.tmp-${randomBytes(8).toString('hex')}`);
  const fh = await open(tmp, 'wx', 0o644);
  try {
    await fh.writeFile(bytes);
    await fh.sync();
  } catch (err) {
    await fh.close();
    await rm(tmp, { force: true });
    throw err;
  }
  await fh.close();
  await rename(tmp, target);
}

export async function uploadFile(
  ctx: AppContext,
  session: SessionUser,
  input: { source: unknown; file: ReceivedFile | undefined },
): Promise<string> {
  const source = typeof input.source === 'string' && Object.hasOwn(SOURCE_DIRS, input.source) ? (input.source as UploadSource) : null;
  if (!source) throw badRequest('error.upload.source_unsupported', [{ field: 'source', key: 'error.upload.source_unsupported' }]);
  if (source === 'branding' && !isAdmin(session)) throw forbidden();
  const file = input.file;
  if (!file || file.size === 0) throw badRequest('base.request_format_error', [{ field: 'file', key: 'validation.required' }]);
  const write = await ctx.settings.get('write');
  const max = limitMb(source, write);
  if (file.size > max * MB) throw tooLarge(max);
  const image = await sniffImage(file.buffer);
  if (!image) throw unsupportedFormat();
  const allowed =
    source === 'post'
      ? write.authorized_image_extensions
      : source === 'post_attachment'
        ? write.authorized_attachment_extensions
        : Object.keys(IMAGE_TYPES);
  if (!extensionAllowed(allowed, image.ext)) throw unsupportedFormat();
  const megapixels = write.max_image_megapixel > 0 ? write.max_image_megapixel : 40;
  if (image.width * image.height > megapixels * 1_000_000) throw unsupportedFormat();

  const bytes = stripMetadata(file.buffer, image.ext);
  const relPath = `${SOURCE_DIRS[source]}/${randomBytes(12).toString('hex')}.${image.ext}`;
  // kept site-relative, so that it loads from any address (the endpoint answers it absolute: upload-url.ts)
  const url = `${ctx.config.basePath}/uploads/${relPath}`;
  const now = ctx.clock.now();
  const target = resolve(uploadsDir(ctx), relPath);
  // a first look at the quota before any byte is written (the binding check is the transaction's below)
  if (!isAdmin(session)) {
    const refusal = quotaRefusal(write, await repo.uploadsSince(ctx.db, session.user.id, quotaWindowStart(now)), bytes.length, now);
    if (refusal) throw refusal;
  }
  // the file is whole on disk before its record commits: a kill between the two leaves a file no
  // record names (never served, as no post can name it yet), never a record without its file
  await mkdir(resolve(target, '..'), { recursive: true });
  await writeWhole(target, bytes);
  try {
    // the quota is counted from the records and the record taken in one write transaction, so that
    // concurrent uploads (in any process) cannot all pass the same last free place
    await ctx.db.transaction().execute(async (trx) => {
      if (!isAdmin(session)) {
        const recent = await repo.uploadsSince(trx, session.user.id, quotaWindowStart(now));
        const refusal = quotaRefusal(write, recent, bytes.length, now);
        if (refusal) throw refusal;
      }
      await repo.insertFileRecord(trx, {
        user_id: session.user.id,
        file_url: url,
        file_path: relPath,
        file_name: basename(file.originalname || 'file').slice(0, 255),
        mime_type: image.mime,
        size: bytes.length,
        source,
        now,
      });
    });
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
  return url;
}

/**
 * The file for a request path below /uploads/ (the uploads folder and the path below it, to be sent
 * with the folder as root so that only the part below it is checked for dot-files, not a data dir
 * such as ~/.local/share/lantern), or null when the path is not one this server writes.
 */
export function storedFile(ctx: AppContext, relPath: string): { root: string; relPath: string; mime: string; source: string } | null {
  if (!STORED_PATH.test(relPath)) return null;
  const root = resolve(uploadsDir(ctx));
  if (!resolve(root, relPath).startsWith(root + sep)) return null;
  const ext = relPath.slice(relPath.lastIndexOf('.') + 1) as ImageExt;
  return { root, relPath, mime: IMAGE_TYPES[ext], source: relPath.split('/')[0] };
}
