import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { TemplateDirs } from './template-db.js';

/** What the run's first global setup made, shared by the others (each project runs this file in a module runner of its own). */
interface Shared {
  templates: Promise<TemplateDirs>;
  users: number;
  teardown: () => Promise<void>;
}
const KEY = Symbol.for('lantern.vitest.templates');
const store = globalThis as unknown as Record<symbol, Shared | undefined>;

/**
 * Once per vitest run: the template data dirs every test app copies (see template-db.ts), and on a
 * PostgreSQL run the template databases; at the end, every database the run made is dropped.
 * Every project of the config (and the root) runs this setup: the first one makes the templates and the
 * others are handed the same ones, so the server is imported and migrated once, not once per project
 * (that cost about 6 s of a two-core machine each, before any test ran). The last teardown removes them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let shared = store[KEY];
  if (!shared) {
    const root = mkdtempSync(join(tmpdir(), 'lantern-template-'));
    // imported here, not at the top: only the first project pays for the server's modules
    const { dropDatabasesLike, runPrefix, testDatabaseUrl } = await import('./pg-test-db.js');
    // the workers inherit it: their databases are named from it too
    const prefix = runPrefix();
    const templates = import('./template-db.js').then(({ makeTemplates }) => makeTemplates(root, `${prefix}_tpl`));
    shared = store[KEY] = {
      templates,
      users: 0,
      teardown: async () => {
        rmSync(root, { recursive: true, force: true });
        if (testDatabaseUrl()) await dropDatabasesLike(`${prefix}_`);
      },
    };
  }
  const mine = shared;
  mine.users++;
  project.provide('lanternTemplates', await mine.templates);
  return async () => {
    if (--mine.users > 0) return;
    store[KEY] = undefined;
    await mine.teardown();
  };
}
