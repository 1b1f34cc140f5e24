import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import runtime from '../../resources/server-runtime.json';
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
import { cliUploads, fetchImagesAfterCliImport } from '../modules/import/image-cli.js';
import { serverLogFile, supervise, supervisorLog } from '../supervisor.mjs';
import { maskedUrl, migrateDb, MigrateDbFailure, migrateDbSummary } from './migrate-db.js';
import { PHASE_LABELS, ProgressBar, type CliIo } from './progress.js';
import { CliFailure, failureJson, reporter } from './report.js';
import { exportSeCommand } from './export-se.js';
import { resetPassword } from './reset-password.js';
import { exportHtml } from './export-html.js';
import { lanternVersion } from './version.js';

export { CliFailure } from './report.js';

/** The --json option of a command that reports. */
function jsonOption(): Option {
  return new Option(
    '--json',
    'print one JSON object on stdout ({"ok": true, ...} or {"ok": false, "error": {...}}); progress goes to stderr',
  );
}

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
    ...(r.uploads.rows ? [importLine('uploads', r.uploads)] : []),
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
      "Import a Stack Exchange data dump folder (Users, Posts, Comments, Tags, Badges, PostLinks, Votes, PostHistory .xml; a Lantern export's uploads/ too) into a data dir",
    )
    .argument('<dump>', 'the dump folder')
    .addOption(dataDirOption())
    .option(
      '--site <host>',
      'the site the dump comes from, for the attribution links (default: from the folder name: coffee -> coffee.stackexchange.com, history-meta -> meta.history.stackexchange.com)',
    )
    .option('--batch-size <n>', 'rows per transaction', wholeNumber(1, 100_000), 500)
    .option('--fetch-images', 'then fetch the remote images of the imported posts (when online) and store them as local uploads')
    .addOption(jsonOption())
    .action(async (dump: string, opts: { dataDir?: string; site?: string; batchSize: number; json?: boolean; fetchImages?: boolean }) => {
      const out = reporter(io, 'import-se', opts.json);
      const folder = resolve(dump);
      const dataDir = dataDirOf(opts);
      const site = opts.site ?? guessSite(folder);
      const started = performance.now();
      const handle = await connectDatabase(dataDir);
      // one bar over all the reading (by file size), labelled with the step: users, questions, ...
      const bar = new ProgressBar(out.io);
      try {
        out.io.err(`Importing ${folder} (${site}) into ${dataDir}\n`);
        const report = await importStackExchange(handle.db, folder, {
          site,
          batchSize: opts.batchSize,
          uploads: cliUploads(dataDir),
          progress: (p) => bar.update(`Importing ${p.step}`, Math.round(p.fraction * 1000), 1000),
        });
        bar.done();
        const fetched =
          opts.fetchImages && !report.refused
            ? await fetchImagesAfterCliImport(handle.db, site, dataDir, (l) => out.io.err(`${l}\n`))
            : null;
        if (fetched) out.io.err(`${fetched.summary}\n`);
        const seconds = (performance.now() - started) / 1000;
        const data = { folder, site, dataDir, report, seconds, ...(fetched ? { images: fetched.images } : {}) };
        if (report.errors.length) {
          out.io.out(`${importSummary(report, seconds)}\n`);
          throw new CliFailure(`the import finished with ${report.errors.length} error(s)`, data);
        }
        out.done(`${importSummary(report, seconds)}\n`, data);
      } finally {
        bar.done();
        await handle.close();
      }
    });
}

/** The built server beside the built CLI (out/main/server.js), or null in a source checkout without a build. */
export function builtServerEntry(from: string = import.meta.url): string | null {
  for (const rel of ['./server.js', '../server.js', '../main/server.js']) {
    const file = fileURLToPath(new URL(rel, from));
    if (existsSync(file)) return file;
  }
  return null;
}

/** `lantern serve` from a build (no sources): the built server under the supervisor, with the server's node flags. */
function serveBuilt(args: string[]): Promise<void> {
  const entry = builtServerEntry();
  if (!entry) throw new CliFailure('There is no built server (out/main/server.js): run npm run build first.');
  const { stop, done } = supervise({
    start: () =>
      spawn(process.execPath, [...runtime.nodeFlags, entry, ...args], {
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
        env: { ...runtime.env, ...process.env, LANTERN_SUPERVISED: '1' },
      }),
    log: supervisorLog(serverLogFile(args)),
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => stop(sig));
  return done.then((code) => {
    if (code) throw new CliFailure(`the server exited with code ${code}`);
  });
}

function existingDatabase(dataDir: string): string {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) throw new CliFailure(`There is no Lantern database in ${dataDir} (no ${file}).`);
  return file;
}

/** --database-url of a command that reads a site. */
function siteDatabaseOption(): Option {
  return new Option(
    '--database-url <url>',
    "the site's PostgreSQL database, when it is kept in one (default LANTERN_DATABASE_URL, else the data dir's lantern.db)",
  );
}

/** The site's PostgreSQL URL (--database-url, else LANTERN_DATABASE_URL), or null for the data dir's lantern.db, which must exist. */
function siteDatabaseUrl(opts: { databaseUrl?: string }, dataDir: string): string | null {
  let databaseUrl: string | null;
  try {
    databaseUrl = databaseUrlFrom(opts.databaseUrl ?? process.env.LANTERN_DATABASE_URL);
  } catch (err) {
    throw new CliFailure(err instanceof Error ? err.message : String(err));
  }
  if (!databaseUrl) existingDatabase(dataDir);
  return databaseUrl;
}

/** The whole `lantern` program; `io` receives everything it prints. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('lantern')
    .description('Lantern: run the server, import Stack Exchange dumps, back up, restore and check a data dir, move a site to PostgreSQL')
    .version(lanternVersion(), '-V, --version', "print Lantern's version")
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
    .option(
      '--log-format <format>',
      'json or pretty: the log lines on stdout (default LANTERN_LOG_FORMAT, else pretty on a terminal and json otherwise)',
    )
    .option(
      '--log-file <file>',
      'the rotating log file, or off (default LANTERN_LOG_FILE, else <data dir>/logs/lantern.log; 5 files of 10 MB)',
    )
    .option('--access-log', 'log a line per request: method, path, status, ms, bytes (or LANTERN_ACCESS_LOG=1)')
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
        logFormat?: string;
        logFile?: string;
        accessLog?: boolean;
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
        if (opts.logFormat) args.push('--log-format', opts.logFormat);
        if (opts.logFile) args.push('--log-file', opts.logFile);
        if (opts.accessLog) args.push('--access-log');
        const serve = fileURLToPath(new URL('../serve.mjs', import.meta.url));
        // a source checkout: npm run serve's script (it builds when the build is missing or stale)
        if (existsSync(serve))
          return new Promise<void>((done, fail) => {
            const child = spawn(process.execPath, [serve, ...args], { stdio: 'inherit' });
            for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
            child.on('exit', (code) => (code ? fail(new CliFailure(`the server exited with code ${code}`)) : done()));
          });
        return serveBuilt(args);
      },
    );

  program.addCommand(importSeCommand(io));
  program.addCommand(exportSeCommand(io));

  program
    .command('backup')
    .description(
      'Back a data dir up into one .tar.gz (the database copied online, so a running server keeps serving; the uploads; a manifest with counts and checksums)',
    )
    .addOption(dataDirOption())
    .option('--out <file>', 'where to write the archive (default: <data dir>/backups/lantern-<UTC time>.tar.gz)')
    .addOption(jsonOption())
    .action(async (opts: { dataDir?: string; out?: string; json?: boolean }) => {
      const out = reporter(io, 'backup', opts.json);
      const dataDir = dataDirOf(opts);
      const dialect = openSqlite(existingDatabase(dataDir));
      const bar = new ProgressBar(out.io);
      try {
        const { file, manifest } = await backupNow(dialect, dataDir, {
          target: opts.out ? resolve(opts.out) : undefined,
          onProgress: progressTo(bar),
        }).catch(explain);
        bar.done();
        const bytes = statSync(file).size;
        out.done(`Backed up ${dataDir} to ${file} (${mb(bytes)}): ${countsLine(manifest.counts)}; schema ${manifest.schema_version}.\n`, {
          dataDir,
          file,
          bytes,
          counts: manifest.counts,
          schemaVersion: manifest.schema_version,
        });
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
    .addOption(jsonOption())
    .action(async (file: string, opts: { dataDir?: string; json?: boolean }) => {
      const out = reporter(io, 'restore', opts.json);
      const archive = resolve(file);
      if (!existsSync(archive) || !statSync(archive).isFile()) throw new CliFailure(`There is no file ${archive}.`);
      const dataDir = dataDirOf(opts);
      const bar = new ProgressBar(out.io);
      try {
        const manifest = await restoreIntoDataDir(archive, dataDir, progressTo(bar)).catch(explain);
        bar.update(PHASE_LABELS.migrating, 0, 1);
        const handle = await connectDatabase(dataDir);
        await handle.close();
        bar.update(PHASE_LABELS.migrating, 1, 1);
        bar.done();
        out.done(
          `Restored ${archive} (taken ${manifest.created_at} by ${manifest.lantern_version}) into ${dataDir}: ${countsLine(manifest.counts)}.\n`,
          {
            archive,
            dataDir,
            createdAt: manifest.created_at,
            lanternVersion: manifest.lantern_version,
            schemaVersion: manifest.schema_version,
            counts: manifest.counts,
          },
        );
      } finally {
        bar.done();
      }
    });

  program
    .command('check')
    .description("Check a data dir's database: SQLite's integrity check and whether this build knows (and can migrate) its schema version")
    .addOption(dataDirOption())
    .addOption(jsonOption())
    .action((opts: { dataDir?: string; json?: boolean }) => {
      const out = reporter(io, 'check', opts.json);
      const dataDir = dataDirOf(opts);
      let result;
      try {
        result = checkDatabaseFile(existingDatabase(dataDir));
      } catch (err) {
        explain(err);
      }
      const buildSchema = currentSchemaVersion();
      out.done(
        `${dataDir}\n  integrity: ${result.integrity}\n  schema version: ${result.schemaVersion || '(none)'}; this build: ${buildSchema}\n` +
          (result.pending ? `  ${result.pending} migration(s) will run when the server next opens it\n` : '  the schema is up to date\n'),
        {
          dataDir,
          integrity: result.integrity,
          schemaVersion: result.schemaVersion || null,
          buildSchemaVersion: buildSchema,
          pendingMigrations: result.pending,
          version: lanternVersion(),
        },
      );
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
    .addOption(jsonOption())
    .action(async (opts: { dataDir?: string; to: string; json?: boolean }) => {
      const out = reporter(io, 'migrate-db', opts.json);
      if (!opts.to) throw new CliFailure('--to must be a postgres:// connection string.');
      const dataDir = dataDirOf(opts);
      const report = await migrateDb(dataDir, opts.to, out.io).catch((err: unknown) => {
        throw err instanceof MigrateDbFailure ? new CliFailure(err.message) : err;
      });
      const data = { dataDir, to: maskedUrl(opts.to), ...report };
      if (report.mismatches.length) {
        out.io.out(migrateDbSummary(dataDir, opts.to, report));
        throw new CliFailure(
          `The two sites' API answers differ in ${report.mismatches.length} place(s) (listed above); the copy stays in the target database for a look.`,
          data,
        );
      }
      out.done(migrateDbSummary(dataDir, opts.to, report), data);
    });

  program
    .command('export-html')
    .description(
      'Write the site as a static archive into a folder: plain HTML pages with relative links (newest, votes, tags, users, one page per question), the uploads they show and an offline search, to open from a file share or a USB stick without a server. A second export into the same folder rewrites only what changed.',
    )
    .addOption(dataDirOption())
    .requiredOption('--out <dir>', 'the folder to write the archive into (made when missing)')
    .addOption(siteDatabaseOption())
    .addOption(jsonOption())
    .action(async (opts: { dataDir?: string; out: string; databaseUrl?: string; json?: boolean }) => {
      const out = reporter(io, 'export-html', opts.json);
      const dataDir = dataDirOf(opts);
      const databaseUrl = siteDatabaseUrl(opts, dataDir);
      const r = await exportHtml({ dataDir, databaseUrl, out: opts.out, onProgress: (line) => out.io.err(`${line}\n`) });
      out.done(
        `Exported ${r.questions} questions from ${dataDir} to ${r.outDir} in ${r.seconds.toFixed(1)} s: ${r.pagesWritten} files written, ${r.pagesUnchanged} unchanged. Open ${r.outDir}/index.html.\n`,
        { dataDir, ...r },
      );
    });

  program
    .command('reset-password')
    .aliases(['passwd', 'password'])
    .description(
      "Set a user's password, found by email or username, and end every session of theirs (each signed-in browser or app must log in again); without --password a new one is made and printed. Works while the server runs.",
    )
    .addOption(dataDirOption())
    .option('-e, --email <email>', "the user's email address")
    .option('-u, --username <name>', "the user's username (instead of --email)")
    .option(
      '-p, --password <password>',
      'the new password, 8 to 32 characters without spaces (it stays in the shell history: leave it out to get a made one)',
    )
    .addOption(siteDatabaseOption())
    .addOption(jsonOption())
    .action(async function (
      this: Command,
      opts: { dataDir?: string; email?: string; username?: string; password?: string; databaseUrl?: string; json?: boolean },
    ) {
      if (!!opts.email === !!opts.username) this.error('error: give the user with --email or --username (one of them)', { exitCode: 2 });
      const out = reporter(io, 'reset-password', opts.json);
      const dataDir = dataDirOf(opts);
      const databaseUrl = siteDatabaseUrl(opts, dataDir);
      const result = await resetPassword({ dataDir, databaseUrl, email: opts.email, username: opts.username, password: opts.password });
      const who = `${result.user.username} (id ${result.user.id})`;
      out.done(
        result.generated
          ? `The password of ${who} is now:\n${result.generated}\nTheir sessions have ended; give them this password and ask them to change it.\n`
          : `The password of ${who} is set. Their sessions have ended.\n`,
        { user: result.user, sessionsEnded: true, ...(result.generated ? { password: result.generated } : {}) },
      );
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
  // under --json a failure is one JSON object on stdout too (the message stays on stderr)
  const json = argv.includes('--json') && !argv.includes('--help') && !argv.includes('-h');
  const name = commandName(command, argv);
  try {
    await command.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0) return 0;
      if (json) io.out(failureJson(name, 'usage', err.message.replace(/^error: /, '')));
      return 2;
    }
    const message =
      err instanceof CliFailure ? err.message : `${command.name()} failed: ${err instanceof Error ? err.message : String(err)}`;
    io.err(`${message}\n`);
    if (json) io.out(failureJson(name, 'failed', message, err instanceof CliFailure ? err.data : {}));
    return 1;
  }
}

/** The command `argv` runs (its name, not an alias), for a --json failure. */
function commandName(command: Command, argv: string[]): string {
  const first = argv.find((a) => !a.startsWith('-'));
  const sub = command.commands.find((c) => c.name() === first || c.aliases().includes(first ?? ''));
  return sub ? sub.name() : command.name();
}
