import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { databaseUrlFrom, defaultDataDir } from '../config.js';
import { translate } from '../contract/messages/index.js';
import { connectDatabase, databaseFile } from '../db/connect.js';
import { openSqlite } from '../db/dialect/sqlite.js';
import { backupNow } from '../infra/backup.js';
import {
  BackupError,
  checkDatabaseFile,
  currentSchemaVersion,
  restoreIntoDataDir,
  type Manifest,
  type Progress,
} from '../modules/backup/backup.archive.js';
import { guessSite, importStackExchange, type Counts, type ImportReport } from '../modules/import/stackexchange.js';
import { migrateDb, MigrateDbFailure, migrateDbSummary } from './migrate-db.js';
import { PHASE_LABELS, ProgressBar, type CliIo } from './progress.js';

/** A failure the CLI reports in one line and exits 1 with (no stack trace). */
export class CliFailure extends Error {}

function dataDirOption(): Option {
  return new Option('--data-dir <dir>', 'the Lantern data dir (default: LANTERN_DATA_DIR or the per-user app data folder)');
}

function dataDirOf(opts: { dataDir?: string }): string {
  return resolve(opts.dataDir ?? process.env.LANTERN_DATA_DIR ?? defaultDataDir());
}

function wholeNumber(min: number, max: number) {
  return (raw: string): number => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function countsLine(c: Manifest['counts']): string {
  return `${c.questions} questions, ${c.answers} answers, ${c.users} users, ${c.files} uploaded files`;
}

function explain(err: unknown): never {
  if (err instanceof BackupError) throw new CliFailure(translate('en_US', err.reason, err.params));
  throw err;
}

function progressTo(bar: ProgressBar) {
  return (p: Progress) => bar.update(PHASE_LABELS[p.phase] ?? p.phase, p.done, p.total);
}

function importLine(label: string, c: Counts): string {
  const reasons = Object.entries(c.reasons)
    .map(([r, n]) => `${r}: ${n}`)
    .join(', ');
  return `  ${label.padEnd(10)} ${String(c.rows).padStart(7)} rows, ${c.imported} imported, ${c.existing} already there, ${c.skipped} skipped${reasons ? ` (${reasons})` : ''}`;
}

/** What an import did, as the CLI prints it. */
export function importSummary(r: ImportReport, totalSeconds: number): string {
  return [
    `Imported ${r.files.join(', ')} from ${r.site}:`,
    importLine('users', r.users),
    importLine('questions', r.questions),
    importLine('answers', r.answers),
    importLine('comments', r.comments),
    ...(r.badges.rows ? [importLine('badges', r.badges)] : []),
    ...(r.postLinks.rows ? [importLine('post links', r.postLinks), `  questions closed as duplicates: ${r.duplicatesClosed}`] : []),
    ...(r.votes.rows
      ? [
          importLine('votes', r.votes),
          `  votes of imported voters: ${r.votes.votes}; bookmarks: ${r.votes.bookmarks}; votes kept in the scores: ${r.votes.inScore}`,
        ]
      : []),
    ...(r.history.rows ? [importLine('history', r.history), `  revisions made: ${r.revisions}`] : []),
    `  other post types not imported: ${r.posts.otherTypes}; rows without a valid type: ${r.posts.invalidType}`,
    `  placeholder authors: ${r.placeholderUsers}; tags created: ${r.tagsCreated}; accepted answers: ${r.acceptedAnswers}`,
    ...r.errors.map((e) => `  error: ${e}`),
    `Import took ${r.seconds.toFixed(2)} s (${totalSeconds.toFixed(2)} s with opening the database).`,
  ].join('\n');
}

/** The import-se command (also run on its own as `npm run import:se`, under that name). */
export function importSeCommand(io: CliIo, name = 'import-se'): Command {
  return new Command(name)
    .description(
      'Import a Stack Exchange data dump folder (Users, Posts, Comments, Tags, Badges, PostLinks, Votes, PostHistory .xml) into a data dir',
    )
    .argument('<dump>', 'the dump folder')
    .addOption(dataDirOption())
    .option(
      '--site <host>',
      'the site the dump comes from, for the attribution links (default: from the folder name: coffee -> coffee.stackexchange.com, history-meta -> meta.history.stackexchange.com)',
    )
    .option('--batch-size <n>', 'rows per transaction', wholeNumber(1, 100_000), 500)
    .action(async (dump: string, opts: { dataDir?: string; site?: string; batchSize: number }) => {
      const folder = resolve(dump);
      const dataDir = dataDirOf(opts);
      const site = opts.site ?? guessSite(folder);
      const started = performance.now();
      const handle = await connectDatabase(dataDir);
      try {
        io.out(`Importing ${folder} (${site}) into ${dataDir}\n`);
        const report = await importStackExchange(handle.db, folder, { site, batchSize: opts.batchSize, log: (l) => io.out(`  ${l}\n`) });
        io.out(`${importSummary(report, (performance.now() - started) / 1000)}\n`);
        if (report.errors.length) throw new CliFailure(`the import finished with ${report.errors.length} error(s)`);
      } finally {
        await handle.close();
      }
    });
}

function existingDatabase(dataDir: string): string {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) throw new CliFailure(`There is no Lantern database in ${dataDir} (no ${file}).`);
  return file;
}

/** The whole `lantern` program; `io` receives everything it prints. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('lantern')
    .description('Lantern: run the server, import Stack Exchange dumps, back up, restore and check a data dir, move a site to PostgreSQL')
    .showHelpAfterError()
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  program
    .command('serve')
    .description(
      'Run the headless server for LAN browsers (builds first when the build is missing or older than the sources); a server process that dies is started again after 1 s, 2 s, 4 s ... at most 30 s; SIGINT/SIGTERM stop it',
    )
    .addOption(dataDirOption())
    .option('--port <port>', 'the port to listen on (default 9080 or LANTERN_PORT)')
    .option('--host <host>', 'the address to bind (default 127.0.0.1 or LANTERN_HOST; 0.0.0.0 serves the LAN)')
    .option('--base-path <path>', 'serve under a path prefix, e.g. /qa')
    .option('--renderer-dir <dir>', 'the built UI to serve')
    .option('--processes <n>', 'server processes sharing the port and the database (default 1 or LANTERN_PROCESSES; 1 to 16)')
    .option(
      '--database-url <url>',
      "keep the site in this PostgreSQL database (postgres://user:password@host:port/db; default LANTERN_DATABASE_URL, else the data dir's lantern.db)",
    )
    .option(
      '--uploads-dir <dir>',
      'keep uploads in this folder, shared by processes on several machines (default LANTERN_UPLOADS_DIR, else <data dir>/uploads)',
    )
    .option(
      '--trust-proxy <list>',
      'believe X-Forwarded-For from these proxies: addresses, CIDRs or loopback, comma-separated (default LANTERN_TRUST_PROXY, else none)',
    )
    .option('--tls <mode>', 'self-signed: serve HTTPS with a certificate made and kept in the data dir (or LANTERN_TLS); off: plain HTTP')
    .option('--tls-cert <file>', "serve HTTPS with this PEM certificate (the team's own; with --tls-key; or LANTERN_TLS_CERT)")
    .option('--tls-key <file>', 'the PEM private key of --tls-cert (or LANTERN_TLS_KEY)')
    .option('--no-mdns', 'do not advertise the site as <name>.local over mDNS while serving the LAN (or LANTERN_MDNS=0)')
    .action(
      (opts: {
        dataDir?: string;
        port?: string;
        host?: string;
        basePath?: string;
        rendererDir?: string;
        processes?: string;
        databaseUrl?: string;
        uploadsDir?: string;
        trustProxy?: string;
        tls?: string;
        tlsCert?: string;
        tlsKey?: string;
        mdns?: boolean;
      }) => {
        const args = ['--data-dir', dataDirOf(opts)];
        if (opts.port) args.push('--port', opts.port);
        if (opts.host) args.push('--host', opts.host);
        if (opts.basePath) args.push('--base-path', opts.basePath);
        if (opts.rendererDir) args.push('--renderer-dir', opts.rendererDir);
        if (opts.processes) args.push('--processes', opts.processes);
        if (opts.databaseUrl) args.push('--database-url', opts.databaseUrl);
        if (opts.uploadsDir) args.push('--uploads-dir', opts.uploadsDir);
        if (opts.trustProxy) args.push('--trust-proxy', opts.trustProxy);
        if (opts.tls) args.push('--tls', opts.tls);
        if (opts.tlsCert) args.push('--tls-cert', opts.tlsCert);
        if (opts.tlsKey) args.push('--tls-key', opts.tlsKey);
        if (opts.mdns === false) args.push('--no-mdns');
        const serve = fileURLToPath(new URL('../serve.mjs', import.meta.url));
        return new Promise<void>((done, fail) => {
          const child = spawn(process.execPath, [serve, ...args], { stdio: 'inherit' });
          for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
          child.on('exit', (code) => (code ? fail(new CliFailure(`the server exited with code ${code}`)) : done()));
        });
      },
    );

  program.addCommand(importSeCommand(io));

  program
    .command('backup')
    .description(
      'Back a data dir up into one .tar.gz (the database copied online, so a running server keeps serving; the uploads; a manifest with counts and checksums)',
    )
    .addOption(dataDirOption())
    .option('--out <file>', 'where to write the archive (default: <data dir>/backups/lantern-<UTC time>.tar.gz)')
    .action(async (opts: { dataDir?: string; out?: string }) => {
      const dataDir = dataDirOf(opts);
      const dialect = openSqlite(existingDatabase(dataDir));
      const bar = new ProgressBar(io);
      try {
        const { file, manifest } = await backupNow(dialect, dataDir, {
          target: opts.out ? resolve(opts.out) : undefined,
          onProgress: progressTo(bar),
        }).catch(explain);
        bar.done();
        io.out(
          `Backed up ${dataDir} to ${file} (${mb(statSync(file).size)}): ${countsLine(manifest.counts)}; schema ${manifest.schema_version}.\n`,
        );
      } finally {
        bar.done();
        await dialect.close();
      }
    });

  program
    .command('restore')
    .description(
      'Restore a backup into a data dir: checks the archive first (manifest, checksums, integrity, schema), then swaps it in; a refused archive leaves the data as it was. Stop the server using the data dir first (or restore from Admin → Backups while it runs).',
    )
    .argument('<file>', 'the backup archive (.tar.gz)')
    .addOption(dataDirOption())
    .action(async (file: string, opts: { dataDir?: string }) => {
      const archive = resolve(file);
      if (!existsSync(archive) || !statSync(archive).isFile()) throw new CliFailure(`There is no file ${archive}.`);
      const dataDir = dataDirOf(opts);
      const bar = new ProgressBar(io);
      try {
        const manifest = await restoreIntoDataDir(archive, dataDir, progressTo(bar)).catch(explain);
        bar.update(PHASE_LABELS.migrating, 0, 1);
        const handle = await connectDatabase(dataDir);
        await handle.close();
        bar.update(PHASE_LABELS.migrating, 1, 1);
        bar.done();
        io.out(
          `Restored ${archive} (taken ${manifest.created_at} by ${manifest.lantern_version}) into ${dataDir}: ${countsLine(manifest.counts)}.\n`,
        );
      } finally {
        bar.done();
      }
    });

  program
    .command('check')
    .description("Check a data dir's database: SQLite's integrity check and whether this build knows (and can migrate) its schema version")
    .addOption(dataDirOption())
    .action((opts: { dataDir?: string }) => {
      const dataDir = dataDirOf(opts);
      let result;
      try {
        result = checkDatabaseFile(existingDatabase(dataDir));
      } catch (err) {
        explain(err);
      }
      io.out(
        `${dataDir}\n  integrity: ${result.integrity}\n  schema version: ${result.schemaVersion || '(none)'}; this build: ${currentSchemaVersion()}\n`,
      );
      io.out(result.pending ? `  ${result.pending} migration(s) will run when the server next opens it\n` : '  the schema is up to date\n');
    });

  program
    .command('migrate-db')
    .description(
      "Copy a data dir's SQLite site into an empty PostgreSQL database (every table, ids kept), then verify it: row counts per table, and the same answers from both sites to a sample of API requests. The copy is taken as one snapshot: stop the server first, or what it writes meanwhile stays behind.",
    )
    .addOption(dataDirOption())
    .requiredOption(
      '--to <url>',
      'the PostgreSQL database to copy into (postgres://user:password@host:port/database); it must be empty',
      (raw: string) => {
        try {
          return databaseUrlFrom(raw) ?? '';
        } catch {
          throw new InvalidArgumentError('must be a postgres:// connection string.');
        }
      },
    )
    .action(async (opts: { dataDir?: string; to: string }) => {
      if (!opts.to) throw new CliFailure('--to must be a postgres:// connection string.');
      const dataDir = dataDirOf(opts);
      const report = await migrateDb(dataDir, opts.to, io).catch((err: unknown) => {
        throw err instanceof MigrateDbFailure ? new CliFailure(err.message) : err;
      });
      io.out(migrateDbSummary(dataDir, opts.to, report));
      if (report.mismatches.length) {
        throw new CliFailure(
          `The two sites' API answers differ in ${report.mismatches.length} place(s) (listed above); the copy stays in the target database for a look.`,
        );
      }
    });

  return program;
}

/**
 * Runs the program on `argv` (without node and the script); resolves with the exit code:
 * 0 done, 1 failed, 2 a usage error (an unknown option, a missing argument).
 */
export async function runCli(command: Command, argv: string[], io: CliIo): Promise<number> {
  const all = [command, ...command.commands];
  for (const c of all) c.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err }).showHelpAfterError();
  try {
    await command.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof CliFailure) {
      io.err(`${err.message}\n`);
      return 1;
    }
    io.err(`${command.name()} failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
