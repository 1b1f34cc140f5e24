import { resolve } from 'node:path';
import { normaliseBasePath } from '../../config.js';
import type { DbOrTrx } from '../../db/database.js';
import { localiseImportedImages, type LocaliseReport } from './image-localise.js';
import { siteFrom } from './stackexchange.js';

/** `lantern import-se --fetch-images`: the images pass over the data dir's uploads (or LANTERN_UPLOADS_DIR), after the import. */
/** The uploads folder and base path a CLI command's data dir serves with (LANTERN_UPLOADS_DIR, LANTERN_BASE_PATH as the server reads them). */
export function cliUploads(dataDir: string, env: NodeJS.ProcessEnv = process.env): { dir: string; basePath: string } {
  return {
    dir: env.LANTERN_UPLOADS_DIR ? resolve(env.LANTERN_UPLOADS_DIR) : resolve(dataDir, 'uploads'),
    basePath: normaliseBasePath(env.LANTERN_BASE_PATH),
  };
}

export async function fetchImagesAfterCliImport(
  db: DbOrTrx,
  site: string,
  dataDir: string,
  log: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ images: LocaliseReport; summary: string }> {
  const images = await localiseImportedImages(db, {
    host: siteFrom(site).host,
    uploadsDir: cliUploads(dataDir, env).dir,
    basePath: cliUploads(dataDir, env).basePath,
    now: Math.floor(Date.now() / 1000),
    log,
  });
  const summary = `Images: ${images.stored} of ${images.images} stored as uploads (${images.failed} kept their remote link), ${images.posts} posts rewritten.`;
  return { images, summary };
}
