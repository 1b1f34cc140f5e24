import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

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
    expect(text("PUT question's schema: title")).toMatch(/title|number.*not assignable.*string/);
    expect(text("POST comment's schema knows no field")).toMatch(/text/);
    expect(text("PUT admin webhooks/:id's schema")).toMatch(/no\.such\.event/);
    expect(text("GET user/action/record's schema")).toMatch(/fly/);
    expect(text("POST vote/up's schema requires object_id")).toMatch(/arguments|argument/);
  });
});

// The map against the running app's route table: every route whose validate() checks a body or
// query names that very schema in its entry (`In<typeof ...>` of server/contract/requests), and
// every route outside the map is listed, with its reason, in the map's comment.
describe('the endpoint map and the routes', () => {
  const MAP = readFileSync(`${root}server/contract/endpoints.ts`, 'utf8');
  const ENTRIES = MAP.slice(MAP.indexOf('export interface Endpoints'), MAP.indexOf('\n}\n', MAP.indexOf('export interface Endpoints')));
  const OUTSIDE = MAP.slice(MAP.indexOf('Routes outside the map'), MAP.indexOf('export type EndpointKey'));
  /** Each entry's text by key (an entry may span lines: up to the next key). */
  const entries = new Map<string, string>();
  const starts = [...ENTRIES.matchAll(/^ {2}'((?:GET|POST|PUT|DELETE) [^']+)': /gm)];
  starts.forEach((m, n) => entries.set(m[1], ENTRIES.slice(m.index, starts[n + 1]?.index)));
  /** The request-schema namespaces the map imports: name → file under requests/. */
  const namespaces = new Map([...MAP.matchAll(/import type \* as (\w+) from '\.\/requests\/([\w-]+)\.js';/g)].map((m) => [m[1], m[2]]));
  let app: TestApp;
  let schemaNames: Map<unknown, string>;

  beforeAll(async () => {
    app = await startTestApp();
    schemaNames = new Map();
    for (const file of new Set(namespaces.values())) {
      const mod = (await import(`${root}server/contract/requests/${file}.ts`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) if (value && typeof value === 'object') schemaNames.set(value, `${file}.${name}`);
    }
  }, 120_000);
  afterAll(async () => app?.stop());

  it('types each validated body and query from the schema its route checks', () => {
    const wrong: string[] = [];
    let typed = 0;
    for (const r of app.lantern.routes()) {
      const key = `${r.method.toUpperCase()} ${r.path}`;
      if (!r.input || !entries.has(key)) continue;
      const m = new RegExp(`${r.input.source}: In<typeof (\\w+)\\.(\\w+)>`).exec(entries.get(key)!);
      const named = m ? `${namespaces.get(m[1])}.${m[2]}` : undefined;
      // PUT exports/schedule's schema is made with the platform's isAbsolute: the map names its input type
      if (key === 'PUT /answer/admin/api/exports/schedule' && /body: ExportScheduleBody;/.test(entries.get(key)!)) continue;
      if (named && named === schemaNames.get(r.input.schema)) typed++;
      else
        wrong.push(
          `${key}: ${named ?? 'no schema type'} (the route checks ${schemaNames.get(r.input.schema) ?? 'a schema outside the contract'})`,
        );
    }
    expect(wrong).toEqual([]);
    expect(typed).toBeGreaterThanOrEqual(150);
  });

  it('lists every route it lacks, with the reason', () => {
    const unlisted = app.lantern
      .routes()
      .filter((r) => !entries.has(`${r.method.toUpperCase()} ${r.path}`))
      .map((r) => r.path.replace(/^\/answer\/(api\/v1|admin\/api)\//, ''))
      .filter((p) => !OUTSIDE.includes(p));
    expect(unlisted).toEqual([]);
  });
});
