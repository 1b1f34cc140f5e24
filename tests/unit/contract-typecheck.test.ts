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
  const host = ts.createCompilerHost(options, true);
  const samePath = (p: string) => ts.sys.resolvePath(p) === ts.sys.resolvePath(CONTRACT);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (p) => (samePath(p) ? contractText : readFile(p));
  host.getSourceFile = (p, lang, onError, create) =>
    samePath(p) ? ts.createSourceFile(p, contractText, lang, true) : getSourceFile(p, lang, onError, create);
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
