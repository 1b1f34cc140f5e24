import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('the server entry', () => {
  let blocker: Server | null = null;
  let dataDir = '';
  afterEach(() => {
    blocker?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells its parent why it could not start (a taken port) before it exits', async () => {
    blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker!.listen(0, '127.0.0.1', () => resolve((blocker!.address() as { port: number }).port)),
    );
    dataDir = mkdtempSync(join(tmpdir(), 'lantern-main-'));
    const child = fork(entry, ['--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
      execArgv: ['--import', 'tsx'],
      stdio: 'pipe',
    });
    const messages: unknown[] = [];
    child.on('message', (m) => messages.push(m));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(messages).toEqual([{ type: 'lantern:start-failed', error: expect.stringContaining('EADDRINUSE') }]);
  }, 60_000);
});
