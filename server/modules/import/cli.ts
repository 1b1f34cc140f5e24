// `npm run import:se -- [--data-dir DIR] [--site HOST] [--batch-size N] DUMP_FOLDER`: the same
// as `npm run lantern -- import-se` (server/cli), kept under its old name.
import { importSeCommand, runCli } from '../../cli/program.js';
import { processIo } from '../../cli/progress.js';

runCli(importSeCommand(processIo, 'npm run import:se --'), process.argv.slice(2), processIo).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`import failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
