import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';

// Slow clients: requests whose headers or bodies trickle in (and stall) must not hold back anybody else.

let app: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await app.stop();
});

/** Opens a connection and sends only the start of a request, then holds it open. */
async function stalled(partial: string): Promise<Socket> {
  const { port } = new URL(app.url);
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(partial);
  return socket;
}

describe('slow clients', () => {
  it('answers other callers while requests with unfinished headers and bodies stay open', async () => {
    for (let i = 0; i < 20; i += 1) {
      await stalled(
        'POST /answer/api/v1/user/login/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"e_mail":"a',
      );
      await stalled('GET /answer/api/v1/siteinfo HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.call('GET', '/answer/api/v1/siteinfo')));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const health = await fetch(`${app.url}/healthz`);
    expect(await health.text()).toBe('OK');
  });
});
