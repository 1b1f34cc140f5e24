import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// The API contract (server/contract/api) is the one description of the API's response shapes: the
// server's presenters are annotated with its types and the renderer reads the same types. This
// test renames a field in the contract (in memory: the compiler's host serves a patched copy of the
// file) and type-checks a presenter and a renderer component with the project's own options: both
// must then fail to compile, so a field renamed on one side can no longer drift from the other.
const root = fileURLToPath(new URL('../../', import.meta.url));
const CONTRACT_DIR = `${root}server/contract/api/`;
const CONTRACT = `${CONTRACT_DIR}question.ts`;
const PRESENTER = `${root}server/modules/question/question.presenter.ts`;
const RENDERER = `${root}src-renderer/pages/Home/components/QuestionListItem.tsx`;

function projectOptions(): ts.CompilerOptions {
  const configPath = `${root}tsconfig.json`;
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath);
  return { ...parsed.options, noEmit: true };
}

const diskSources = new Map<string, ts.SourceFile>();

/** A compiler host that reads the disk except for the given files, which it serves from `texts` (by path). */
function hostServingAll(options: ts.CompilerOptions, texts: Map<string, string>): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const served = new Map([...texts].map(([p, text]) => [ts.sys.resolvePath(p), text]));
  const textOf = (p: string) => served.get(ts.sys.resolvePath(p));
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (p) => textOf(p) ?? readFile(p);
  host.getSourceFile = (p, lang, onError, create) => {
    const text = textOf(p);
    if (text !== undefined) return ts.createSourceFile(p, text, lang, true);
    // the files on disk are parsed once for all the programs of this test file
    const key = `${ts.sys.resolvePath(p)}|${typeof lang === 'object' ? lang.languageVersion : lang}`;
    const cached = diskSources.get(key);
    if (cached) return cached;
    const sf = getSourceFile(p, lang, onError, create);
    if (sf) diskSources.set(key, sf);
    return sf;
  };
  return host;
}

/** The type errors of each checked file, as "line: message". */
function errorsOf(program: ts.Program, files: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (!sf) throw new Error(`${file} is not in the program`);
    out[file.slice(root.length)] = program.getSemanticDiagnostics(sf).map((d) => {
      const line = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line + 1;
      return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
  }
  return out;
}

/** The contract's source with QuestionItem's `description` renamed to `summary` (only in that interface). */
function renamedContract(text: string): string {
  const start = text.indexOf('export interface QuestionItem ');
  const end = text.indexOf('\n}\n', start);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = text.slice(start, end);
  expect(body).toContain('  description: string;');
  return text.slice(0, start) + body.replace('  description: string;', '  summary: string;') + text.slice(end);
}

/** `text` with `field` of `iface` renamed to `field_renamed` (only in that interface's body). */
function renameField(text: string, iface: string, field: string): string {
  const start = text.search(new RegExp(`export interface ${iface}[ <]`));
  expect(start, `${iface} is declared`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n}\n', start);
  const body = text.slice(start, end);
  const line = new RegExp(`^(  ${field})(\\??:)`, 'm');
  expect(body, `${iface} has ${field}`).toMatch(line);
  return text.slice(0, start) + body.replace(line, '$1_renamed$2') + text.slice(end);
}

/**
 * Shapes the renderer once declared on its own, each with a field renamed in the contract, and a
 * file on each side that must then fail to compile: the server code that builds the shape and a
 * renderer file that reads it.
 */
const RENAMES = [
  {
    file: 'user.ts',
    iface: 'NotificationConfig',
    field: 'inbox',
    server: 'server/modules/user/profile.service.ts',
    renderer: 'src-renderer/pages/Settings/NotifyForm.tsx',
  },
  {
    file: 'user.ts',
    iface: 'CaptchaRecord',
    field: 'captcha_img',
    server: 'server/infra/captcha/captcha.service.ts',
    renderer: 'src-renderer/components/CaptchaDialog.tsx',
  },
  {
    file: 'plugin.ts',
    iface: 'UserPluginItem',
    field: 'slug_name',
    server: 'server/modules/plugin/plugin.service.ts',
    renderer: 'src-renderer/pages/Settings/SettingsPage.tsx',
  },
  {
    file: 'admin.ts',
    iface: 'AdminRole',
    field: 'description',
    server: 'server/modules/role/role.routes.ts',
    renderer: 'src-renderer/pages/Admin/UserDialogs.tsx',
  },
  {
    file: 'site.ts',
    iface: 'SmtpSettings',
    field: 'smtp_host',
    server: 'server/modules/siteinfo/smtp.service.ts',
    renderer: 'src-renderer/pages/Admin/Settings/SmtpPage.tsx',
  },
  {
    file: 'revision.ts',
    iface: 'Revision',
    field: 'reason',
    server: 'server/modules/revision/revision.presenter.ts',
    renderer: 'src-renderer/pages/Review/SuggestedEditCard.tsx',
  },
  {
    file: 'revision.ts',
    iface: 'UnreviewedRevisionInfo',
    field: 'url_title',
    server: 'server/modules/revision/revision.presenter.ts',
    renderer: 'src-renderer/pages/Review/SuggestedEditCard.tsx',
  },
  {
    file: 'revision.ts',
    iface: 'TagRevisionContent',
    field: 'display_name',
    server: 'server/modules/revision/revision.presenter.ts',
    renderer: 'src-renderer/pages/Review/SuggestedEditCard.tsx',
  },
  {
    file: 'revision.ts',
    iface: 'SuggestedEdit',
    field: 'unreviewed_info',
    server: 'server/modules/revision/revision.service.ts',
    renderer: 'src-renderer/pages/Review/SuggestedEditCard.tsx',
  },
];

/**
 * The checks share their compiler work: one program checks every file as it stands, and each of a few
 * more serves the contract with a set of fields renamed, at most one per contract file (two renames in
 * one file could hide each other's errors, e.g. a renamed parent field hides a renamed child field).
 */
const options = projectOptions();
const QUESTION_RENAME = { contract: CONTRACT, server: PRESENTER.slice(root.length), renderer: RENDERER.slice(root.length) };
const CHECKED = [...new Set([PRESENTER, RENDERER, ...RENAMES.flatMap((r) => [`${root}${r.server}`, `${root}${r.renderer}`])])];
const ROUNDS: (typeof RENAMES)[] = [];
for (const rename of RENAMES) {
  const round = ROUNDS.find((r) => !r.some((other) => other.file === rename.file)) ?? ROUNDS[ROUNDS.push([]) - 1];
  round.push(rename);
}
let before: ts.Program;
let beforeErrors: Record<string, string[]>;
const afterErrors = new Map<(typeof RENAMES)[number] | typeof QUESTION_RENAME, Record<string, string[]>>();

beforeAll(() => {
  before = ts.createProgram(CHECKED, options, hostServingAll(options, new Map()));
  beforeErrors = errorsOf(before, CHECKED);
  for (const [i, round] of ROUNDS.entries()) {
    const patched = new Map<string, string>();
    for (const { file, iface, field } of round) {
      const contract = `${CONTRACT_DIR}${file}`;
      patched.set(contract, renameField(patched.get(contract) ?? readFileSync(contract, 'utf8'), iface, field));
    }
    // the QuestionItem rename rides along with the first round (question.ts has no other rename)
    if (i === 0) patched.set(CONTRACT, renamedContract(readFileSync(CONTRACT, 'utf8')));
    // only the round's own files are checked against the renamed contract
    const files = [...new Set(round.flatMap((r) => [`${root}${r.server}`, `${root}${r.renderer}`]))];
    if (i === 0) files.push(PRESENTER, RENDERER);
    const errors = errorsOf(ts.createProgram(CHECKED, options, hostServingAll(options, patched), before), files);
    for (const rename of round) afterErrors.set(rename, errors);
    if (i === 0) afterErrors.set(QUESTION_RENAME, errors);
  }
}, 120_000);

describe('the API contract', () => {
  it('makes a renamed field fail to compile in both a server presenter and the renderer', () => {
    // as the files stand, both compile
    expect({ presenter: beforeErrors[QUESTION_RENAME.server], renderer: beforeErrors[QUESTION_RENAME.renderer] }).toEqual({
      presenter: [],
      renderer: [],
    });
    // with the field renamed, each side reports it
    const after = afterErrors.get(QUESTION_RENAME)!;
    expect(after[QUESTION_RENAME.server], JSON.stringify(after)).toContainEqual(
      expect.stringMatching(/'description' does not exist in type 'QuestionItem'/),
    );
    expect(after[QUESTION_RENAME.renderer], JSON.stringify(after)).toContainEqual(
      expect.stringMatching(/Property 'description' does not exist on type 'QuestionItem'/),
    );
  });

  it.each(RENAMES)("makes $iface's $field, renamed, fail to compile in $server and $renderer", (rename) => {
    const { field, server, renderer } = rename;
    expect({ server: beforeErrors[server], renderer: beforeErrors[renderer] }).toEqual({ server: [], renderer: [] });
    const after = afterErrors.get(rename)!;
    const names = new RegExp(`'${field}(_renamed)?'`);
    expect(after[server], JSON.stringify(after)).toContainEqual(expect.stringMatching(names));
    expect(after[renderer], JSON.stringify(after)).toContainEqual(expect.stringMatching(names));
  });

  it('holds types only: no runtime code and no import from outside the contract', () => {
    const files = readdirSync(CONTRACT_DIR).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const sf = ts.createSourceFile(file, readFileSync(`${CONTRACT_DIR}${file}`, 'utf8'), ts.ScriptTarget.ES2022, true);
      for (const st of sf.statements) {
        const where = `${file}:${sf.getLineAndCharacterOfPosition(st.getStart()).line + 1}`;
        if (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) {
          const typeOnly = ts.isImportDeclaration(st) ? !!st.importClause?.isTypeOnly : st.isTypeOnly;
          expect(typeOnly, `${where} imports or re-exports types only`).toBe(true);
          const from = (st.moduleSpecifier as ts.StringLiteral | undefined)?.text ?? '';
          expect(from, `${where} imports only its siblings`).toMatch(/^\.\/[\w-]+\.js$/);
        } else {
          expect(ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st), `${where} declares a type`).toBe(true);
        }
      }
    }
  });
});
