import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importsOf, resolveSpecifier } from '../../tools/import-cycles.mjs';

// No file of the server, the renderer or the main process imports itself back through others (tools/import-cycles.mjs,
// which took over from ESLint's import-x/no-cycle): checked on the tree, and on seeded cycles so the check cannot
// silently stop finding them.
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('import cycles between files', () => {
  it('there are none', () => {
    expect(importCycles()).toEqual([]);
  });

  it('finds one a file closes by importing back a file that imports it', () => {
    const share = `${root}server/modules/question/question-share.ts`;
    // question.routes imports question-share: question-share importing the routes back closes a cycle
    expect(readFileSync(`${root}server/modules/question/question.routes.ts`, 'utf8')).toContain("from './question-share.js'");
    const back = "import { registerQuestion } from './question.routes.js';\nexport const routes = registerQuestion;\n";
    expect(importCycles(undefined, new Map([[share, readFileSync(share, 'utf8') + back]]))).toEqual([
      ['server/modules/question/question-share.ts', 'server/modules/question/question.routes.ts'],
    ]);
    // through a re-export and a dynamic import too
    const reexport = "export { registerQuestion } from './question.routes.js';\n";
    expect(importCycles(undefined, new Map([[share, readFileSync(share, 'utf8') + reexport]]))).toHaveLength(1);
    const dynamic = "export const later = () => import('./question.routes.js');\n";
    expect(importCycles(undefined, new Map([[share, readFileSync(share, 'utf8') + dynamic]]))).toHaveLength(1);
  });

  it('counts a type-only import too: a props type imported back from the component closes a cycle', () => {
    const share = `${root}server/modules/question/question-share.ts`;
    const typeOnly = "import type { registerQuestion } from './question.routes.js';\nexport type R = typeof registerQuestion;\n";
    expect(importCycles(undefined, new Map([[share, readFileSync(share, 'utf8') + typeOnly]]))).toHaveLength(1);
  });

  it('resolves specifiers as the bundler does: .js names the .ts or .tsx file, a folder its index, packages are not followed', () => {
    const have = new Set(['/r/a.ts', '/r/b.tsx', '/r/c/index.ts']);
    const exists = (p: string) => have.has(p);
    expect(resolveSpecifier('/r/x.ts', './a.js', exists)).toBe('/r/a.ts');
    expect(resolveSpecifier('/r/x.ts', './b.js', exists)).toBe('/r/b.tsx');
    expect(resolveSpecifier('/r/x.ts', './c', exists)).toBe('/r/c/index.ts');
    expect(resolveSpecifier('/r/x.ts', 'react', exists)).toBeNull();
    expect(resolveSpecifier('/r/x.ts', './missing.js', exists)).toBeNull();
    const text = "import a from './a.js';\nimport type { B } from './b.js';\nexport * from './c';\nimport 'react';\n";
    expect([...importsOf('/r/x.ts', text, exists)]).toEqual(['/r/a.ts', '/r/b.tsx', '/r/c/index.ts']);
  });
});
