import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// npm test's typecheck step runs TypeScript 7's native compiler (the `typescript-7` package) while the
// `typescript` package stays 5.9 for typescript-eslint and the compiler-API tests. These tests run that
// compiler, with the project's own options, on a seeded error and on the clean tree's kind of code, so a
// broken install or a compiler that stopped checking cannot let the step pass silently.
const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc7 = join(root, 'node_modules/typescript-7/bin/tsc');
mkdirSync(join(root, 'test-results'), { recursive: true });
const dir = mkdtempSync(join(root, 'test-results', 'typecheck-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(source: string): { code: number | null; out: string } {
  writeFileSync(join(dir, 'probe.ts'), source);
  // the project's compiler options, on this one file
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(root, 'tsconfig.json'), include: [], files: ['probe.ts'] }));
  const r = spawnSync(process.execPath, [tsc7, '-p', join(dir, 'tsconfig.json'), '--singleThreaded'], { encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('the typecheck step', () => {
  it('`npm run typecheck` runs a compiler that checks: its own command fails on the seeded error, on TypeScript 7', () => {
    // the script as package.json has it, pointed at the probe's project instead of the repository's
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const [cmd, ...args] = pkg.scripts.typecheck.split(/\s+/);
    const project = args.indexOf('-p') + 1;
    expect(project).toBeGreaterThan(0);
    const run = (source: string) => {
      writeFileSync(join(dir, 'probe.ts'), source);
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(root, 'tsconfig.json'), include: [], files: ['probe.ts'] }));
      const withProbe = args.map((a, i) => (i === project ? join(dir, 'tsconfig.json') : a));
      const r = spawnSync(cmd === 'node' ? process.execPath : cmd, withProbe, { cwd: root, encoding: 'utf8' });
      return { code: r.status, out: `${r.stdout}${r.stderr}` };
    };
    const bad = run("export const n: number = 'text';\n");
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/probe\.ts\(1,\d+\): error TS2322/);
    expect(run('export const n: number = 1;\n')).toEqual({ code: 0, out: '' });
    // the compiler the script names is TypeScript 7's
    const compiler = args.find((a) => a.endsWith('/tsc'));
    expect(compiler).toBeDefined();
    expect(spawnSync(process.execPath, [join(root, compiler!), '--version'], { encoding: 'utf8' }).stdout).toMatch(/^Version 7\./);
  }, 60_000);

  it('fails on a type error, naming the file and line, and passes the same file fixed', () => {
    const bad = check(
      "import type { QuestionItem } from '../../server/contract/api/question';\nexport const n: number = 'text';\nexport type Q = QuestionItem;\n",
    );
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/probe\.ts\(2,\d+\): error TS2322/);
    const good = check(
      "import type { QuestionItem } from '../../server/contract/api/question';\nexport const n: number = 1;\nexport type Q = QuestionItem;\n",
    );
    expect(good.out).toBe('');
    expect(good.code).toBe(0);
  }, 60_000);

  it('keeps the project strict: an implicit any fails', () => {
    const r = check('export function f(x) {\n  return x;\n}\n');
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/error TS7006/);
  }, 60_000);
});
