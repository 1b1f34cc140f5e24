import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layering rules of tests/eslint.config.js, each tried on a seeded violation (lintText with
// the path the snippet pretends to live at), so that none of them can silently vanish.
const root = fileURLToPath(new URL('../../', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: 'tests/eslint.config.js' });
});

async function problems(path: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: `${root}${path}` });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const SQL = 'SQL only in repositories';

describe('SQL only in repositories', () => {
  it('refuses a query built in a service, a route or the http plumbing', async () => {
    const text = "export const find = (db: any) => db.selectFrom('user').selectAll().execute();\n";
    for (const path of ['server/modules/vote/probe.service.ts', 'server/modules/vote/probe.routes.ts', 'server/http/probe.ts']) {
      expect(await problems(path, text), path).toContainEqual({ rule: 'no-restricted-syntax', message: expect.stringContaining(SQL) });
    }
  }, 60_000);

  it('refuses every way of building a query: insert, update, delete, a CTE, sql templates and importing sql', async () => {
    const snippets = [
      "export const f = (db: any) => db.insertInto('tag').values({}).execute();\n",
      "export const f = (db: any) => db.updateTable('tag').set({ status: 1 }).execute();\n",
      "export const f = (db: any) => db.deleteFrom('tag').execute();\n",
      "export const f = (db: any) => db.with('t', (q: any) => q).execute();\n",
      'declare const sql: any;\nexport const f = (db: any) => sql`select 1`.execute(db);\n',
      "declare const sql: any;\nexport const f = () => sql.raw('select 1');\n",
      "import { sql } from 'kysely';\nexport const f = sql;\n",
    ];
    for (const text of snippets) {
      expect(await problems('server/modules/tag/probe.service.ts', text), text).toContainEqual({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining(SQL),
      });
    }
  }, 60_000);

  it('lets repositories, the db layer and tests build queries, and lets arrays use with()', async () => {
    const text = "export const find = (db: any) => db.selectFrom('user').selectAll().execute();\n";
    for (const path of ['server/modules/vote/probe.repository.ts', 'server/db/probe.ts', 'server/modules/vote/probe.test.ts']) {
      expect(await problems(path, text), path).not.toContainEqual(expect.objectContaining({ rule: 'no-restricted-syntax' }));
    }
    const arrays = 'export const f = (xs: number[]) => xs.with(0, 1);\n';
    expect(await problems('server/modules/vote/probe.service.ts', arrays)).toEqual([]);
  }, 60_000);
});

describe('the import layers', () => {
  it('refuses server/http importing a resource module', async () => {
    const text = "import { vote } from '../modules/vote/vote.service.js';\nexport const f = vote;\n";
    expect(await problems('server/http/probe.ts', text)).toContainEqual({
      rule: 'no-restricted-imports',
      message: expect.stringContaining('server/http is the HTTP plumbing'),
    });
  }, 60_000);

  it('refuses the renderer importing server code other than the contract, and allows the contract', async () => {
    const bad = "import { vote } from '../../../server/modules/vote/vote.service.js';\nexport const f = vote;\n";
    expect(await problems('src-renderer/pages/Probe/Probe.tsx', bad)).toContainEqual({
      rule: 'no-restricted-imports',
      message: expect.stringContaining('The renderer imports only server/contract'),
    });
    const good = "import { LIMITS } from '../../../server/contract/limits.js';\nexport const l = LIMITS;\n";
    expect(await problems('src-renderer/pages/Probe/Probe.tsx', good)).not.toContainEqual(
      expect.objectContaining({ rule: 'no-restricted-imports' }),
    );
  }, 60_000);
});

describe('stored codes by name', () => {
  const CODES = 'named constants of server/contract/enums.ts';

  it('refuses a kysely filter on a code field with a raw code, in a repository or a service', async () => {
    const snippets = [
      "export const f = (db: any) => db.selectFrom('user').where('status', '!=', 10).execute();\n",
      "export const f = (db: any) => db.selectFrom('user_role_rel').where('role_id', '>', 1).execute();\n",
      "export const f = (db: any) => db.selectFrom('question').where('show', '=', 1).execute();\n",
      "export const f = (db: any) => db.selectFrom('answer').where((eb: any) => eb.or([eb('status', '=', 1), eb('user_id', '=', 2)])).execute();\n",
    ];
    for (const text of snippets) {
      expect(await problems('server/modules/user/probe.repository.ts', text), text).toContainEqual({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining(CODES),
      });
    }
    const service = "export const f = (q: any) => q.where('status', '=', 1);\n";
    expect(await problems('server/modules/user/probe.service.ts', service)).toContainEqual({
      rule: 'no-restricted-syntax',
      message: expect.stringContaining(CODES),
    });
  }, 60_000);

  it('refuses a raw code on a field named through its table or alias, or in a list', async () => {
    const snippets = [
      "export const f = (db: any) => db.selectFrom('answer').where('answer.status', '=', 1).execute();\n",
      "export const f = (db: any) => db.selectFrom('question as q').where((eb: any) => eb('q.status', '!=', 10)).execute();\n",
      "export const f = (db: any) => db.selectFrom('user_role_rel as r').where('r.role_id', '>', 1).execute();\n",
      "export const f = (db: any) => db.selectFrom('question').where('question.status', 'in', [1, 2]).execute();\n",
      "export const f = (db: any) => db.selectFrom('question').where('status', 'not in', [10]).execute();\n",
    ];
    for (const text of snippets) {
      expect(await problems('server/modules/import/probe.repository.ts', text), text).toContainEqual({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining(CODES),
      });
    }
  }, 60_000);

  it('refuses a raw code written in a row: .values, .set and plain objects', async () => {
    const snippets = [
      "export const f = (db: any, now: number) => db.insertInto('site_info').values({ type: 'x', content: '', status: 1, updated_at: now }).execute();\n",
      "export const f = (db: any) => db.insertInto('user').values({ pass: '', mail_status: 1 }).execute();\n",
      "export const f = (db: any) => db.updateTable('user').set({ notice_status: 2 }).execute();\n",
      "export const f = (db: any) => db.updateTable('answer').set({ adopted: 2 }).execute();\n",
      "export const f = (db: any) => db.updateTable('user_role_rel').set({ 'role_id': 3 }).execute();\n",
    ];
    for (const text of snippets) {
      expect(await problems('server/modules/import/probe.repository.ts', text), text).toContainEqual({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining(CODES),
      });
    }
    const rows = [
      'export const row = (t: { id: string }) => ({ object_id: t.id, show_status: 1 });\n',
      'export const user = { username: "a", notice_status: 2, status: 1 };\n',
    ];
    for (const text of rows) {
      for (const path of ['server/modules/revision/probe.presenter.ts', 'server/modules/user/probe.service.ts']) {
        expect(await problems(path, text), `${path}: ${text}`).toContainEqual({
          rule: 'no-restricted-syntax',
          message: expect.stringContaining(CODES),
        });
      }
    }
  }, 60_000);

  it('lets a row use named constants, other fields, the unset 0 and HTTP statuses; lets migrations, enums.ts and tests write numbers', async () => {
    const good = [
      "import { NOTICE_STATUS, USER_STATUS } from '../../contract/enums.js';\nexport const f = (db: any) => db.insertInto('user').values({ status: USER_STATUS.available, notice_status: NOTICE_STATUS.off, rank: 1 }).execute();\n",
      "export const f = (db: any, s: number) => db.updateTable('user').set({ status: s, follow_count: 2 }).execute();\n",
      "export const f = (db: any) => db.selectFrom('answer').where('answer.user_id', '=', 1).where('answer.vote_count', 'in', [1, 2]).execute();\n",
      'export const fail = { status: 400, cancelled: 0 };\n',
    ];
    for (const text of good) {
      expect(await problems('server/modules/user/probe.repository.ts', text), text).not.toContainEqual(
        expect.objectContaining({ rule: 'no-restricted-syntax' }),
      );
    }
    const write = "export const f = (db: any) => db.insertInto('badge').values({ name: 'x', status: 1, level: 1 }).execute();\n";
    for (const path of ['server/db/migrations/2099_01_01_0000_probe.ts', 'server/modules/user/probe.test.ts']) {
      expect(await problems(path, write), path).not.toContainEqual(expect.objectContaining({ rule: 'no-restricted-syntax' }));
    }
    expect(readFileSync(`${root}server/contract/enums.ts`, 'utf8')).toContain('cancelled: 1');
    const enums = 'export const CANCELLED = { active: 0, cancelled: 1 } as const;\n';
    expect(await problems('server/contract/enums.ts', enums)).toEqual([]);
  }, 60_000);

  it('lets a filter use a named constant, a non-code field or a value, and lets tests use the numbers', async () => {
    const good = [
      "import { USER_STATUS } from '../../contract/enums.js';\nexport const f = (db: any) => db.selectFrom('user').where('status', '!=', USER_STATUS.deleted).execute();\n",
      "export const f = (db: any) => db.selectFrom('user').where('rank', '>', 1).where('id', '=', 10).execute();\n",
      "export const f = (db: any, s: number) => db.selectFrom('user').where('status', '=', s).execute();\n",
    ];
    for (const text of good) {
      expect(await problems('server/modules/user/probe.repository.ts', text), text).not.toContainEqual(
        expect.objectContaining({ rule: 'no-restricted-syntax' }),
      );
    }
    const test = "export const f = (db: any) => db.selectFrom('user').where('status', '!=', 10).execute();\n";
    expect(await problems('server/modules/user/probe.test.ts', test)).not.toContainEqual(
      expect.objectContaining({ rule: 'no-restricted-syntax' }),
    );
  }, 60_000);

  it('refuses a raw code compared with a variable or parameter named for a code, in a switch, or in a list of statuses', async () => {
    const bad = [
      'export const isAdmin = (roleId: number) => roleId === 2;\n',
      'export const gone = (status: number) => 10 === status;\n',
      'export const known = (type: number | null) => type === 1 || type === 2;\n',
      'export const gold = (b: { level: number }) => b.level === 3;\n',
      'export const unread = (n: { is_read: number }) => n.is_read !== 2;\n',
      "export const name = (q: { status: number }) => { switch (q.status) { case 10: return 'deleted'; default: return 'ok'; } };\n",
      'export const q = (all: boolean) => ({ statuses: all ? [1, 2, 10, 11] : [1, 2] });\n',
      'export const f = (statuses: number[] = [1, 10]) => statuses;\n',
      'export const questionStatuses = [1, 2];\n',
    ];
    for (const text of bad) {
      for (const path of ['server/modules/user/probe.presenter.ts', 'src-renderer/pages/Probe/probe.tsx']) {
        expect(await problems(path, text), `${path}: ${text}`).toContainEqual({
          rule: 'no-restricted-syntax',
          message: expect.stringContaining(CODES),
        });
      }
    }
    const good = [
      "import { ROLE } from '../../contract/enums.js';\nexport const isAdmin = (roleId: number) => roleId === ROLE.admin;\n",
      'export const heading = (headingLevel: number) => (headingLevel === 2 ? "h2" : "h3");\n',
      'export const flag = (accepted: number) => accepted !== 0;\n',
      'export const ok = (res: { status: number }) => res.status === 200;\n',
      'export const sizes = { counts: [1, 2, 10] };\n',
    ];
    for (const text of good) {
      expect(await problems('server/modules/user/probe.presenter.ts', text), text).not.toContainEqual(
        expect.objectContaining({ rule: 'no-restricted-syntax' }),
      );
    }
  }, 60_000);
});

describe('modules call each other through services', () => {
  const RULE = 'lantern/module-boundaries';
  it("refuses a module importing another module's repository, by import, re-export, type import or import()", async () => {
    const snippets = [
      "import { findQuestion } from '../question/question.repository.js';\nexport const f = findQuestion;\n",
      "import type { QuestionRow } from '../question/question.repository.js';\nexport type R = QuestionRow;\n",
      "export { findQuestion } from '../question/question.repository.js';\n",
      "export * from '../question/question-related.repository.js';\n",
      "export const f = () => import('../question/question.repository.js');\n",
    ];
    for (const text of snippets) {
      expect(await problems('server/modules/vote/probe.service.ts', text), text).toContainEqual({
        rule: RULE,
        message: expect.stringContaining("may not import the repository of module 'question'"),
      });
    }
    // from a folder nested inside a module too
    const nested = "import { findQuestion } from '../../question/question.repository.js';\nexport const f = findQuestion;\n";
    expect(await problems('server/modules/vote/parts/probe.ts', nested)).toContainEqual(expect.objectContaining({ rule: RULE }));
  }, 60_000);

  it("lets a module import its own repository, another module's service, a shared lower module's repository, and tests import any", async () => {
    const own = "import { findQuestion } from './question.repository.js';\nexport const f = findQuestion;\n";
    expect(await problems('server/modules/question/probe.service.ts', own)).not.toContainEqual(expect.objectContaining({ rule: RULE }));
    const service = "import { vote } from '../vote/vote.service.js';\nexport const f = vote;\n";
    expect(await problems('server/modules/question/probe.service.ts', service)).not.toContainEqual(expect.objectContaining({ rule: RULE }));
    expect(readFileSync(`${root}server/modules/config/config.repository.ts`, 'utf8')).toContain('export async function readConfigValue');
    const shared = "import { readConfigValue } from '../config/config.repository.js';\nexport const f = readConfigValue;\n";
    expect(await problems('server/modules/question/probe.service.ts', shared)).not.toContainEqual(expect.objectContaining({ rule: RULE }));
    const test = "import { findQuestion } from '../question/question.repository.js';\nexport const f = findQuestion;\n";
    expect(await problems('server/modules/vote/probe.test.ts', test)).not.toContainEqual(expect.objectContaining({ rule: RULE }));
  }, 60_000);

  it('refuses a shared lower module importing any other module', async () => {
    const text = "import { vote } from '../vote/vote.service.js';\nexport const f = vote;\n";
    expect(await problems('server/modules/config/probe.repository.ts', text)).toContainEqual({
      rule: RULE,
      message: expect.stringContaining('server/modules/config is a shared lower module'),
    });
  }, 60_000);
});

describe('renderer function length', () => {
  const component = (lines: number) =>
    `export function Probe() {\n${Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n')}\n}\n`;

  it('refuses a renderer function over 80 lines, and takes one of 80 and a long test', async () => {
    expect(await problems('src-renderer/pages/Probe.tsx', component(81))).toContainEqual({
      rule: 'max-lines-per-function',
      message: expect.stringContaining('Maximum allowed is 80'),
    });
    expect(await problems('src-renderer/pages/Probe.tsx', component(80))).not.toContainEqual(
      expect.objectContaining({ rule: 'max-lines-per-function' }),
    );
    expect(await problems('src-renderer/pages/Probe.test.tsx', component(200))).not.toContainEqual(
      expect.objectContaining({ rule: 'max-lines-per-function' }),
    );
  }, 60_000);
});
