import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DialectHandle } from '../db/dialect/sqlite.js';

/** Backs the database up into <dataDir>/backups/lantern-<UTC time>.db; returns the file. */
export async function backupNow(dialect: DialectHandle, dataDir: string, now = new Date()): Promise<string> {
  const dir = join(dataDir, 'backups');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `lantern-${now.toISOString().replace(/[:.]/g, '-')}.db`);
  await dialect.backup(file);
  return file;
}
