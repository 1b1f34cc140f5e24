import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { bindHostFor, fallbackMessage, ServerHost } from './server-host';

class FakeChild extends EventEmitter {
  posted: unknown[] = [];
  killed = false;
  constructor(readonly args: string[]) {
    super();
  }
  postMessage(m: unknown) {
    this.posted.push(m);
    // a well-behaved server closes its database and exits when asked to stop
    if ((m as { type: string }).type === 'lantern:stop') setTimeout(() => this.emit('exit', 0), 5);
  }
  kill() {
    this.killed = true;
    return true;
  }
  ready(port = 4321) {
    this.emit('message', { type: 'lantern:ready', url: `http://127.0.0.1:${port}` });
  }
}

function makeHost(opts: Partial<ConstructorParameters<typeof ServerHost>[0]> = {}) {
  const children: FakeChild[] = [];
  const fork = vi.fn((args: string[]) => {
    const c = new FakeChild(args);
    children.push(c);
    return c;
  });
  const host = new ServerHost({ fork, dataDir: '/data', ...opts });
  return { host, children, fork };
}

describe('the server host', () => {
  it('starts the server on loopback with the data dir and resolves with its URL', async () => {
    const { host, children } = makeHost();
    const started = host.start();
    children[0].ready();
    expect(await started).toBe('http://127.0.0.1:4321');
    expect(children[0].args).toEqual(['--port', '0', '--host', '127.0.0.1', '--data-dir', '/data']);
  });

  it('restarts a crashed server on the same port', async () => {
    const { host, children } = makeHost();
    const started = host.start();
    children[0].ready(5555);
    await started;
    children[0].emit('exit', 1);
    expect(children).toHaveLength(2);
    expect(children[1].args).toContain('5555');
  });

  it("writes its own lines (a death, a restart, giving up) into the server's log file as JSON lines", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-host-log-'));
    try {
      const logFile = join(dir, 'logs', 'lantern.log');
      let t = 0;
      const { host, children } = makeHost({ maxRestarts: 1, now: () => t, logFile });
      const started = host.start();
      children[0].ready(5555);
      await started;
      t += 1000;
      children[0].emit('exit', 1);
      t += 1000;
      children[1].emit('exit', 1);
      const lines = readFileSync(logFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { level: number; msg: string; app: string });
      expect(lines.map((l) => [l.level, l.msg])).toEqual([
        [40, 'the server process stopped (exit code 1)'],
        [40, 'starting the server process again'],
        [40, 'the server process stopped (exit code 1) before it was ready'],
        [50, 'gave up: the server exited 2 times within 60s (last: exit code 1)'],
      ]);
      expect(lines.every((l) => l.app === 'lantern')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up after too many crashes in the window', async () => {
    let t = 0;
    const onGiveUp = vi.fn();
    const { host, children } = makeHost({ maxRestarts: 2, now: () => t, onGiveUp });
    const started = host.start();
    for (let i = 0; i < 3; i++) {
      t += 1000;
      children[children.length - 1].emit('exit', 1);
    }
    expect(children).toHaveLength(3);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    // the launch waiting for the first server hears it too, instead of waiting forever
    await expect(started).rejects.toThrow('exited 3 times');
  });

  it('falls back to loopback when the remembered LAN port is taken, says why, and resolves', async () => {
    const onFallback = vi.fn();
    const { host, children } = makeHost({ host: '0.0.0.0', port: 9080, onFallback });
    const started = host.start();
    children[0].emit('message', { type: 'lantern:start-failed', error: 'listen EADDRINUSE: address already in use 0.0.0.0:9080' });
    children[0].emit('exit', 1);
    expect(children).toHaveLength(2);
    expect(children[1].args).toEqual(['--port', '0', '--host', '127.0.0.1', '--data-dir', '/data']);
    expect(onFallback).toHaveBeenCalledWith({
      wanted: { host: '0.0.0.0', port: 9080 },
      using: { host: '127.0.0.1', port: 0 },
      reason: 'listen EADDRINUSE: address already in use 0.0.0.0:9080',
    });
    children[1].ready(40123);
    expect(await started).toBe('http://127.0.0.1:40123');
  });

  it('falls back to the previous binding when a rebind cannot bind', async () => {
    const onFallback = vi.fn();
    const { host, children } = makeHost({ onFallback });
    const started = host.start();
    children[0].ready(5555);
    await started;
    const again = host.rebind('0.0.0.0', 9090);
    await vi.waitFor(() => expect(children).toHaveLength(2), { timeout: 5000 });
    children[1].emit('exit', 1);
    expect(children[2].args).toEqual(['--port', '5555', '--host', '127.0.0.1', '--data-dir', '/data']);
    expect(onFallback).toHaveBeenCalledWith({
      wanted: { host: '0.0.0.0', port: 9090 },
      using: { host: '127.0.0.1', port: 5555 },
      reason: 'exit code 1',
    });
    children[2].ready(5555);
    expect(await again).toBe('http://127.0.0.1:5555');
  });

  it('rejects the start when the fallback cannot start either', async () => {
    const onGiveUp = vi.fn();
    const { host, children } = makeHost({ host: '0.0.0.0', port: 9080, maxRestarts: 1, onGiveUp });
    const started = host.start();
    children[0].emit('exit', 1);
    children[1].emit('exit', 1);
    children[2].emit('exit', 1);
    await expect(started).rejects.toThrow('the server exited 2 times');
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it('rejects a start that is stopped before the server is ready', async () => {
    const { host } = makeHost();
    const started = host.start();
    await host.stop();
    await expect(started).rejects.toThrow('stopped before it was ready');
  });

  it('tells the user plainly where it serves instead', () => {
    const m = fallbackMessage({
      wanted: { host: '0.0.0.0', port: 9080 },
      using: { host: '127.0.0.1', port: 0 },
      reason: 'listen EADDRINUSE: address already in use 0.0.0.0:9080',
    });
    expect(m.message).toBe('Lantern could not serve on the LAN on port 9080');
    expect(m.detail).toContain('EADDRINUSE');
    expect(m.detail).toContain('It is serving on this computer only instead.');
  });

  it('on quit asks the server to stop and waits for its exit, without restarting', async () => {
    const { host, children } = makeHost();
    const started = host.start();
    children[0].ready();
    await started;
    await host.stop();
    expect(children[0].posted).toEqual([{ type: 'lantern:stop' }]);
    expect(children[0].killed).toBe(false);
    expect(children).toHaveLength(1);
  });

  it('kills a server that does not stop in time', async () => {
    const { host, children } = makeHost({ stopTimeoutMs: 20 });
    const started = host.start();
    children[0].postMessage = () => undefined;
    await host.stop();
    expect(children[0].killed).toBe(true);
    await expect(started).rejects.toThrow('stopped before it was ready');
  });

  it('asks the server for a backup and resolves with its file', async () => {
    const { host, children } = makeHost();
    const started = host.start();
    children[0].ready();
    await started;
    const done = host.backup();
    expect(children[0].posted).toEqual([{ type: 'lantern:backup' }]);
    children[0].emit('message', { type: 'lantern:backup-done', file: '/data/backups/x.db' });
    expect(await done).toBe('/data/backups/x.db');
    const failed = host.backup();
    children[0].emit('message', { type: 'lantern:backup-failed', error: 'disk full' });
    await expect(failed).rejects.toThrow('disk full');
  });

  it('rebinds to another host and port (the LAN switch)', async () => {
    const { host, children } = makeHost();
    const started = host.start();
    children[0].ready();
    await started;
    const again = host.rebind('0.0.0.0', 9090);
    await new Promise((r) => setTimeout(r, 10));
    children[1].ready(9090);
    expect(await again).toBe('http://127.0.0.1:9090');
    expect(children[1].args).toEqual(['--port', '9090', '--host', '0.0.0.0', '--data-dir', '/data']);
  });

  it('passes on valid LAN requests from the server and drops malformed ones', async () => {
    const onLanRequest = vi.fn();
    const { host, children } = makeHost({ onLanRequest });
    const started = host.start();
    children[0].ready();
    await started;
    for (const bad of [
      null,
      'x',
      { type: 'lantern:lan-request' },
      { type: 'lantern:lan-request', enabled: 'yes', port: 9080 },
      { type: 'lantern:lan-request', enabled: true, port: 80 },
      { type: 'lantern:lan-request', enabled: true, port: 9080.5 },
      { type: 'other', enabled: true, port: 9080 },
    ]) {
      children[0].emit('message', bad);
    }
    expect(onLanRequest).not.toHaveBeenCalled();
    children[0].emit('message', { type: 'lantern:lan-request', enabled: true, port: 9080, extra: 'ignored' });
    expect(onLanRequest).toHaveBeenCalledWith({ enabled: true, port: 9080 });
  });

  it('binds every interface only when the LAN is on', () => {
    expect(bindHostFor(true)).toBe('0.0.0.0');
    expect(bindHostFor(false)).toBe('127.0.0.1');
  });
});
