import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropDatabasesLike, runPrefix, testDatabaseUrl } from './pg-test-db.js';
import { makeTemplates } from './template-db.js';

/**
 * Once per vitest run: the template data dirs every test app copies (see template-db.ts), and on a
 * PostgreSQL run the template databases; at the end, every database the run made is dropped.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(join(tmpdir(), 'lantern-template-'));
  // the workers inherit it: their databases are named from it too
  const prefix = runPrefix();
  // each project of the config runs this setup: their templates need names of their own
  project.provide('lanternTemplates', await makeTemplates(root, `${prefix}_tpl_${project.name.replace(/\W/g, '') || 'main'}`));
  return async () => {
    rmSync(root, { recursive: true, force: true });
    if (testDatabaseUrl()) await dropDatabasesLike(`${prefix}_`);
  };
}
