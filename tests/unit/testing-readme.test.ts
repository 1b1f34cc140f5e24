import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's example test for testers (issue 37) is docs/testing-example.spec.ts itself, which
// tests/e2e/tester-kit.spec.ts runs: the block the README shows must be that file, word for word.
const root = new URL('../..', import.meta.url).pathname;
const MARKER = '<!-- example: docs/testing-example.spec.ts -->';

/** The fenced block right after the marker line, or null. */
function exampleBlock(readme: string): string | null {
  const at = readme.indexOf(MARKER);
  if (at < 0) return null;
  const m = /^\s*```ts\n([\s\S]*?)^```$/m.exec(readme.slice(at + MARKER.length));
  return m ? m[1] : null;
}

describe('the README example of lantern/testing', () => {
  it('finds the block after the marker', () => {
    expect(exampleBlock(`intro\n${MARKER}\n\`\`\`ts\nconst a = 1;\n\`\`\`\nafter`)).toBe('const a = 1;\n');
    expect(exampleBlock('no marker here')).toBeNull();
  });

  it('is docs/testing-example.spec.ts as it is', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const file = readFileSync(join(root, 'docs/testing-example.spec.ts'), 'utf8');
    expect(exampleBlock(readme), `README.md has no ts block after ${MARKER}`).toBe(file);
  });
});
