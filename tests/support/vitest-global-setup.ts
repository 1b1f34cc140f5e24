import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeTemplates } from './template-db.js';

/** Once per vitest run: the template data dirs every test app copies (see template-db.ts). */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'lantern-template-'));
  project.provide('lanternTemplates', await makeTemplates(root));
  return () => rmSync(root, { recursive: true, force: true });
}
