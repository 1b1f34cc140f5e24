// `npm run import:se` as a person runs it: npm, tsx and the exit codes, two processes of about 10 s each on a loaded two-core
// machine, so here rather than in npm test, whose server/modules/import/stackexchange.test.ts runs the same command's code in
// its own process with the same assertions.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './support.js';

const COFFEE = join(process.env.LANTERN_SE_DATA ?? join(root, '../shared/data/stackexchange'), 'coffee');

describe.skipIf(!existsSync(join(COFFEE, 'Posts.xml')))('the import:se command', () => {
  it('imports a dump into a data dir and prints counts and the time taken', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'se-cli-'));
    try {
      const r = spawnSync('npm', ['run', '--silent', 'import:se', '--', '--data-dir', dataDir, COFFEE], {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Imported Posts.xml from coffee.stackexchange.com:');
      expect(r.stdout).toMatch(/questions\s+225 rows, 225 imported/);
      expect(r.stdout).toMatch(/Import took \d+\.\d\d s/);
      const usage = spawnSync('npm', ['run', '--silent', 'import:se', '--', '--data-dir', dataDir], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run import:se');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
