#!/usr/bin/env node
// `npm run lantern -- <command>` (the `lantern` bin): serve, import-se, backup, restore, check, migrate-db.
// `lantern --help` and `lantern <command> --help` describe each.
import { buildProgram, runCli } from './program.js';
import { processIo } from './progress.js';

runCli(buildProgram(processIo), process.argv.slice(2), processIo).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
