import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from '../app.js';
import { makeConfig } from '../config.js';
import { exportStaticArchive } from '../modules/export/html-export.js';
import { CliFailure } from './report.js';

/** What `lantern export-html` did. */
export interface ExportHtmlResult {
  outDir: string;
  pagesWritten: number;
  pagesUnchanged: number;
  questions: number;
  seconds: number;
}

/**
 * Writes the site of a data dir (or of its PostgreSQL database) as a static archive into `out`,
 * through an app instance that never listens (nothing scheduled runs in it).
 */
export async function exportHtml(opts: {
  dataDir: string;
  databaseUrl: string | null;
  out: string;
  onProgress: (line: string) => void;
}): Promise<ExportHtmlResult> {
  const outDir = resolve(opts.out);
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) throw new CliFailure(`${outDir} is a file, not a folder.`);
  const started = performance.now();
  const lantern = await createApp(
    makeConfig({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, logLevel: 'silent', backgroundJobs: false }),
  );
  try {
    const r = await exportStaticArchive(lantern.ctx, { outDir, onProgress: opts.onProgress });
    return { outDir, ...r, seconds: (performance.now() - started) / 1000 };
  } finally {
    await lantern.close();
  }
}
