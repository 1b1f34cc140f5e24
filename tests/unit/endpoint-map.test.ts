import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// The endpoint map (server/contract/endpoints.ts) pairs each path with its types for the server's
// routers and the renderer's client. tests/unit/fixtures/endpoint-map.typecheck.ts marks wrong
// pairings with `@ts-expect-error`; this test compiles the fixture with the project's options as it
// stands (no error: every marked line fails as expected, nothing else fails) and again with the
// markers removed, where each marked line must report its own error (and no other line any).
const root = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = `${root}tests/unit/fixtures/endpoint-map.typecheck.ts`;
const MARKER = /^\s*\/\/ @ts-expect-error (.*)$/;

function projectOptions(): ts.CompilerOptions {
  const configPath = `${root}tsconfig.json`;
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  return { ...ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath).options, noEmit: true };
}

/** The fixture's type errors by line (1-based), with `text` served in place of the file. */
function errorLines(text: string, options: ts.CompilerOptions, old?: ts.Program): { program: ts.Program; lines: Map<number, string> } {
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fixture = ts.sys.resolvePath(FIXTURE);
  host.getSourceFile = (p, lang, onError, create) =>
    ts.sys.resolvePath(p) === fixture ? ts.createSourceFile(p, text, lang, true) : getSourceFile(p, lang, onError, create);
  host.readFile = ((read) => (p: string) => (ts.sys.resolvePath(p) === fixture ? text : read(p)))(host.readFile.bind(host));
  const program = ts.createProgram([FIXTURE], options, host, old);
  const sf = program.getSourceFile(FIXTURE)!;
  const lines = new Map<number, string>();
  for (const d of [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]) {
    const line = sf.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
    lines.set(line, `${lines.get(line) ?? ''} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`.trim());
  }
  return { program, lines };
}

const source = readFileSync(FIXTURE, 'utf8');
/** The marked lines (1-based, the line after each marker in the original) and their reasons. */
const marked: { line: number; reason: string }[] = [];
let asIs: Map<number, string>;
let unmarked: Map<number, string>;

beforeAll(() => {
  const options = projectOptions();
  const first = errorLines(source, options);
  asIs = first.lines;
  // drop the markers; line numbers shift up by one per marker above
  const out: string[] = [];
  for (const l of source.split('\n')) {
    const m = MARKER.exec(l);
    if (m) marked.push({ line: out.length + 1, reason: m[1] });
    else out.push(l);
  }
  unmarked = errorLines(out.join('\n'), options, first.program).lines;
}, 120_000);

describe('the endpoint map', () => {
  it('compiles the fixture as it stands: each marked wrong pairing fails, as expected', () => {
    expect(Object.fromEntries(asIs)).toEqual({});
    expect(marked.length).toBeGreaterThanOrEqual(8);
  });

  it('reports an error on each wrong pairing once its marker is gone, and nowhere else', () => {
    expect([...unmarked.keys()].sort((a, b) => a - b)).toEqual(marked.map((m) => m.line));
  });

  it('names the mismatch: the shape on the server, the path, query or body in the client', () => {
    const text = (reason: string) => unmarked.get(marked.find((m) => m.reason.startsWith(reason))!.line) ?? '';
    expect(text('GET badges answers BadgeGroup[] | null, not a string')).toMatch(/not assignable/);
    expect(text('POST vote/up answers a VoteResult')).toMatch(/"maybe"|'maybe'|vote_status/);
    expect(text('a path the map lacks')).toMatch(/no\/such\/endpoint/);
    expect(text('GET badge takes { id }')).toMatch(/badge/);
    expect(text('POST vote/up takes')).toMatch(/number.*not assignable.*string|object_id/);
  });
});
