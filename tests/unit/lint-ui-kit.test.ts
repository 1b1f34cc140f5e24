import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The UI kit rule of tests/eslint.config.js (issue 35): PrimeReact is imported only inside
// src-renderer/components/ui, and that folder still keeps the renderer's layering rules.
const root = fileURLToPath(new URL('../../', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: 'tests/eslint.config.js' });
});

async function restricted(path: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: `${root}${path}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const KIT = 'src-renderer/components/ui';

describe('PrimeReact only through the UI kit', () => {
  it('refuses a screen or shared component importing PrimeReact: a component, a type, the provider or a theme', async () => {
    const snippets = [
      "import { Button } from 'primereact/button';\nexport const B = Button;\n",
      "import type { MenuItem } from 'primereact/menuitem';\nexport type M = MenuItem;\n",
      "import { PrimeReactProvider } from 'primereact/api';\nexport const P = PrimeReactProvider;\n",
      "import css from 'primereact/resources/themes/lara-light-blue/theme.css?url';\nexport const c = css;\n",
      "import * as prime from 'primereact';\nexport const p = prime;\n",
    ];
    for (const path of ['src-renderer/pages/Admin/ProbePage.tsx', 'src-renderer/components/Probe.tsx', 'src-renderer/app/probe.ts']) {
      for (const text of snippets) {
        expect(await restricted(path, text), `${path}: ${text}`).toContainEqual(expect.stringContaining(KIT));
      }
    }
  }, 60_000);

  it('lets the kit folder import PrimeReact, and screens import the kit', async () => {
    expect(await restricted(`${KIT}/Probe.tsx`, "import { Button } from 'primereact/button';\nexport const B = Button;\n")).toEqual([]);
    expect(
      await restricted(
        'src-renderer/pages/Admin/ProbePage.tsx',
        "import { Button } from '../../components/ui';\nexport const B = Button;\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('keeps the renderer layering rules for screens and inside the kit folder', async () => {
    const text = "import { x } from '../../../server/modules/user/user.service';\nexport const y = x;\n";
    for (const path of [`${KIT}/Probe.tsx`, 'src-renderer/pages/Admin/ProbePage.tsx']) {
      expect(await restricted(path, text), path).toContainEqual(expect.stringContaining('server/contract'));
    }
  }, 60_000);
});
