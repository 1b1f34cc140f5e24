import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

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

/** A compiler host that reads the disk except for the contract file, which it serves as `contractText`. */
function hostServing(options: ts.CompilerOptions, contractText: string): ts.CompilerHost {
  return hostServingAll(options, new Map([[CONTRACT, contractText]]));
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

describe('the API contract', () => {
  it('makes a renamed field fail to compile in both a server presenter and the renderer', () => {
    const options = projectOptions();
    const files = [PRESENTER, RENDERER];
    const original = readFileSync(CONTRACT, 'utf8');
    // as the files stand, both compile
    const before = ts.createProgram(files, options, hostServing(options, original));
    expect(errorsOf(before, files)).toEqual({ [PRESENTER.slice(root.length)]: [], [RENDERER.slice(root.length)]: [] });
    // with the field renamed, each side reports it
    const after = errorsOf(ts.createProgram(files, options, hostServing(options, renamedContract(original)), before), files);
    const presenterErrors = after[PRESENTER.slice(root.length)];
    const rendererErrors = after[RENDERER.slice(root.length)];
    expect(presenterErrors, JSON.stringify(after)).toContainEqual(
      expect.stringMatching(/'description' does not exist in type 'QuestionItem'/),
    );
    expect(rendererErrors, JSON.stringify(after)).toContainEqual(
      expect.stringMatching(/Property 'description' does not exist on type 'QuestionItem'/),
    );
  }, 60_000);

  it.each(RENAMES)(
    "makes $iface's $field, renamed, fail to compile in $server and $renderer",
    ({ file, iface, field, server, renderer }) => {
      const options = projectOptions();
      const files = [`${root}${server}`, `${root}${renderer}`];
      const contract = `${CONTRACT_DIR}${file}`;
      const original = readFileSync(contract, 'utf8');
      const before = ts.createProgram(files, options, hostServingAll(options, new Map([[contract, original]])));
      expect(errorsOf(before, files)).toEqual({ [server]: [], [renderer]: [] });
      const patched = new Map([[contract, renameField(original, iface, field)]]);
      const after = errorsOf(ts.createProgram(files, options, hostServingAll(options, patched), before), files);
      const names = new RegExp(`'${field}(_renamed)?'`);
      expect(after[server], JSON.stringify(after)).toContainEqual(expect.stringMatching(names));
      expect(after[renderer], JSON.stringify(after)).toContainEqual(expect.stringMatching(names));
    },
    60_000,
  );

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
