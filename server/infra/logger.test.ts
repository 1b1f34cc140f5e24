import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { captchaFor, registerViaApi } from '../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { collectingStream, LOG_FILE_COUNT, logFileOfProcess, openLogger } from './logger.js';
import { maskSecrets } from './log-mask.js';
import { defaultLogFormat, logFormatFrom } from './log-options.js';
import { loadConfig, logFileFrom } from '../config.js';
import { serverLogFile, supervisorLog } from '../supervisor.mjs';
import { tempDirs } from '../../tests/support/temp-dirs.js';

let app: TestApp | undefined;
const { tempDir } = tempDirs('lantern-log-test-');
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const TOKEN = 'a'.repeat(16) + '0123456789abcdef'.repeat(3);

describe('maskSecrets', () => {
  it('masks email addresses, bearer tokens, hex tokens and secret query values, and nothing else', () => {
    expect(maskSecrets('mail to Ann.Lee+qa@mail.example.co.uk failed')).toBe('mail to ***@*** failed');
    expect(maskSecrets('/search?q=bob%40example.com&page=2')).toBe('/search?q=***@***&page=2');
    expect(maskSecrets('Authorization: Bearer abc.DEF-123_x/y+z==')).toBe('Authorization: Bearer ***');
    expect(maskSecrets(`token ${TOKEN} used`)).toBe('token *** used');
    expect(maskSecrets('GET /users/password-reset?code=Zx-9_q&lang=en 200')).toBe('GET /users/password-reset?code=***&lang=en 200');
    expect(maskSecrets('{"path":"/a?token=abc\\"x"}')).toBe('{"path":"/a?token=***\\"x"}');
    // a long line costs a scan: no backtracking per position
    const long = `${'x'.repeat(200_000)}@${'y'.repeat(200_000)} ${'a'.repeat(100_000)}g`;
    const started = performance.now();
    expect(maskSecrets(long)).toBe(long);
    expect(performance.now() - started).toBeLessThan(500);
    const plain = 'GET /answer/api/v1/question/page?page=2&page_size=20 200 3.1 ms 512 B; id 10010000000000001; sha 1234abcd';
    expect(maskSecrets(plain)).toBe(plain);
  });
});

describe('openLogger', () => {
  it('redacts secret fields and masks addresses and tokens in any field or message', async () => {
    const lines: string[] = [];
    const { logger, close } = openLogger('info', { destination: collectingStream(lines) });
    logger.info(
      { to: 'x@example.com', password: 'hunter22', nested: { email: 'y@example.com' }, url: `/a?code=${TOKEN}` },
      'hello z@example.com',
    );
    logger.error({ err: new Error('550 <w@example.com> rejected') }, 'mail delivery failed');
    await close();
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]);
    expect(first).toMatchObject({
      to: '[redacted]',
      password: '[redacted]',
      nested: { email: '[redacted]' },
      url: '/a?code=***',
      msg: 'hello ***@***',
    });
    expect(JSON.parse(lines[1]).err.message).toBe('550 <***@***> rejected');
    expect(lines.join('\n')).not.toMatch(/@example\.com|hunter22/);
  });

  it('picks pretty on a terminal and JSON otherwise, and refuses an unknown format', () => {
    expect(defaultLogFormat(true)).toBe('pretty');
    expect(defaultLogFormat(false)).toBe('json');
    expect(logFormatFrom(' JSON ')).toBe('json');
    expect(logFormatFrom(undefined)).toBeUndefined();
    expect(() => logFormatFrom('xml')).toThrow('--log-format takes json or pretty, not xml');
    const dataDir = tempDir();
    const config = loadConfig(['--data-dir', dataDir, '--log-format', 'pretty', '--access-log'], {});
    expect(config).toMatchObject({ logFormat: 'pretty', accessLog: true, logFile: join(dataDir, 'logs', 'lantern.log') });
    expect(loadConfig(['--data-dir', dataDir, '--log-file', 'off'], { LANTERN_ACCESS_LOG: '1', LANTERN_LOG_FORMAT: 'json' })).toMatchObject(
      {
        logFile: null,
        accessLog: true,
        logFormat: 'json',
      },
    );
    expect(logFileFrom('/var/log/l.log', dataDir)).toBe('/var/log/l.log');
    expect(logFileOfProcess('/d/logs/lantern.log', 0, 3)).toBe('/d/logs/lantern.log');
    expect(logFileOfProcess('/d/logs/lantern.log', 2, 3)).toBe('/d/logs/lantern-2.log');
  });

  it("writes the supervisor's lines into the server's log file, as JSON lines", () => {
    const dir = tempDir();
    expect(serverLogFile(['--max-old-space-size=192', 'out/main/server.js', '--data-dir', dir], {})).toBe(join(dir, 'logs', 'lantern.log'));
    expect(serverLogFile(['--data-dir', dir, '--log-file', 'off'], {})).toBeNull();
    expect(serverLogFile(['--data-dir', dir], { LANTERN_LOG_FILE: join(dir, 'x.log') })).toBe(join(dir, 'x.log'));
    const file = join(dir, 'logs', 'lantern.log');
    const write = process.stderr.write;
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      supervisorLog(file)('lantern: the server stopped (signal SIGKILL); starting it again in 1 s\n');
    } finally {
      process.stderr.write = write;
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      level: 40,
      app: 'lantern',
      msg: 'the server stopped (signal SIGKILL); starting it again in 1 s',
    });
  });

  it('rotates the log file: lantern.log and at most four older files', async () => {
    const dir = tempDir();
    const file = join(dir, 'logs', 'lantern.log');
    const { logger, close } = openLogger('info', { file, stdout: false, fileSize: '100K' });
    const big = 'x'.repeat(4 * 1024);
    // 800 kB in all: eight rotations at 100 kB
    for (let i = 0; i < 200; i++) logger.info({ i, big }, 'filler');
    await close();
    const names = readdirSync(join(dir, 'logs')).sort();
    expect(names).toEqual(['lantern.log', 'lantern.log.1', 'lantern.log.2', 'lantern.log.3', 'lantern.log.4'].slice(0, LOG_FILE_COUNT));
    // the newest line is in lantern.log, or in lantern.log.1 when the last write filled it
    const newest = readFileSync(file, 'utf8').trim() || readFileSync(`${file}.1`, 'utf8').trim();
    expect(JSON.parse(newest.split('\n').at(-1)!)).toMatchObject({ i: 199, msg: 'filler' });
    // each older file is about the rotation size
    for (const n of [1, 2, 3, 4]) expect(readFileSync(`${file}.${n}`).length).toBeLessThan(100 * 1024 + 8 * 1024);
  });

  it('closes only its own file: another logger of the process writes on after it', async () => {
    const dir = tempDir();
    const first = openLogger('info', { file: join(dir, 'a.log'), stdout: false });
    const second = openLogger('info', { file: join(dir, 'b.log'), stdout: false });
    first.logger.info('from the first');
    await first.close();
    await first.close();
    second.logger.info('from the second');
    await second.close();
    expect(readFileSync(join(dir, 'a.log'), 'utf8')).toContain('"msg":"from the first"');
    expect(readFileSync(join(dir, 'b.log'), 'utf8')).toContain('"msg":"from the second"');
  });
});

describe('the server log while people register, log in, get mail and reset passwords', () => {
  it('has an access line per request and no address, token or code of theirs on any line', async () => {
    const logDir = tempDir();
    const logFile = join(logDir, 'lantern.log');
    const stdout: string[] = [];
    app = await startTestApp({
      config: { logLevel: 'info', logFile, accessLog: true },
      deps: { logDestination: collectingStream(stdout) },
    });
    const ctx = app.lantern.ctx;
    // no SMTP: mails go to the outbox (and its log line)
    await ctx.db
      .updateTable('config')
      .set({ value: JSON.stringify({ smtp_host: '', smtp_port: 465 }) })
      .where('key', '=', 'email.config')
      .execute();
    const emails = ['lena.log@example.com', 'Otto.Log+qa@example.org'];
    const secrets: string[] = [];
    const outboxCode = async (n: number) => {
      const txt = readdirSync(join(app!.dataDir, 'outbox'))
        .filter((f) => f.endsWith('.txt'))
        .sort();
      expect(txt.length).toBeGreaterThanOrEqual(n);
      return /code=([^\s&]+)/.exec(readFileSync(join(app!.dataDir, 'outbox', txt[n - 1]), 'utf8'))![1];
    };

    const lena = await registerViaApi(app, 'Lena Log', emails[0], 'first-password-1');
    secrets.push(lena.access_token);
    const activation = await outboxCode(1);
    secrets.push(activation);
    // the link as a browser opens it (the code in the query string), then the API call it makes
    await app.call('GET', `/users/account-activation?code=${activation}`);
    const verified = await app.call('POST', '/answer/api/v1/user/email/verification', { body: { code: activation } });
    expect(verified.status).toBe(200);
    secrets.push(verified.body.data.access_token);

    const otto = await registerViaApi(app, 'Otto Log', emails[1], 'otto-password-1');
    secrets.push(otto.access_token);
    const login = await app.call('POST', '/answer/api/v1/user/login/email', { body: { e_mail: emails[0], pass: 'first-password-1' } });
    expect(login.status).toBe(200);
    secrets.push(login.body.data.access_token);
    expect((await app.call('GET', '/answer/api/v1/user/info', { token: login.body.data.access_token })).status).toBe(200);
    // a wrong password and an unknown address are logged as requests too
    await app.call('POST', '/answer/api/v1/user/login/email', { body: { e_mail: emails[1], pass: 'wrong-password-1' } });
    await app.call('GET', `/answer/api/v1/personal/user/info?username=${encodeURIComponent(emails[1])}`);

    const reset = await app.call('POST', '/answer/api/v1/user/password/reset', {
      body: { e_mail: emails[0], ...(await captchaFor(app, 'email')) },
    });
    expect(reset.status).toBe(200);
    const resetCode = await outboxCode(3);
    secrets.push(resetCode);
    await app.call('GET', `/users/password-reset?code=${resetCode}`);
    const replaced = await app.call('POST', '/answer/api/v1/user/password/replacement', {
      body: { code: resetCode, pass: 'second-password-2' },
    });
    expect(replaced.status).toBe(200);
    await app.stop();
    app = undefined;

    const fileLines = readFileSync(logFile, 'utf8').trim().split('\n');
    for (const lines of [fileLines, stdout]) {
      const parsed = lines.map(
        (l) => JSON.parse(l) as { msg: string; access?: { method: string; path: string; status: number; ms: number; bytes: number } },
      );
      const access = parsed.filter((l) => l.access).map((l) => l.access!);
      expect(access.length).toBeGreaterThanOrEqual(10);
      expect(access).toContainEqual(expect.objectContaining({ method: 'POST', path: '/answer/api/v1/user/register/email', status: 200 }));
      expect(access).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/answer/api/v1/user/password/replacement', status: 200 }),
      );
      expect(access).toContainEqual(expect.objectContaining({ method: 'GET', path: '/users/password-reset?code=***' }));
      for (const a of access) {
        expect(a.ms).toBeGreaterThanOrEqual(0);
        expect(a.bytes).toBeGreaterThanOrEqual(0);
      }
      expect(parsed.filter((l) => l.msg === 'mail written to outbox (no SMTP configured)')).toHaveLength(3);
      const all = lines.join('\n').toLowerCase();
      for (const e of emails) {
        expect(all).not.toContain(e.toLowerCase());
        expect(all).not.toContain(encodeURIComponent(e).toLowerCase());
      }
      for (const s of secrets) expect(all).not.toContain(s.toLowerCase());
    }
  });
});
