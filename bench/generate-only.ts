// npm run bench:generate -- [--questions 100000]: builds the bench site only (run.ts reuses it).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSite, sizeFor } from './generate.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { questions: { type: 'string', default: '100000' } } });
const questions = Math.max(100, Math.min(1_000_000, Number(values.questions) || 100_000));
const site = await generateSite(join(root, 'bench/results/tmp', `site-${questions}`), sizeFor(questions), join(root, '../shared'));
process.stdout.write(`generated ${JSON.stringify(site.size)} in ${site.seconds}s at ${site.dataDir}\n`);
