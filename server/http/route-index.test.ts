import express, { type ErrorRequestHandler, type Router } from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexedRouter } from './route-index.js';

// One router, served twice: as Express runs it and through the index. Every request must get the
// same answer from both.
function routes(r: Router): void {
  // a gate in front of everything, as the maintenance gate is
  r.use((req, res, next) => (req.headers['x-closed'] ? void res.status(503).send('closed') : next()));
  r.get('/plain', (_req, res) => void res.send('plain get'));
  r.post('/plain', (_req, res) => void res.send('plain post'));
  r.put('/async-fail', async () => {
    await Promise.resolve();
    throw new Error('async failure');
  });
  r.get('/throws', () => {
    throw new Error('sync failure');
  });
  r.get('/skip', (_req, _res, next) => next('route'));
  r.get('/skip', (_req, res) => void res.send('second route'));
  r.get('/leave', (_req, _res, next) => next('router'));
  r.get('/pass', (_req, _res, next) => next());
  r.get(
    '/chain',
    (req, _res, next) => {
      (req as unknown as { seen: string }).seen = 'first';
      next();
    },
    (req, res) => void res.send(`chain after ${(req as unknown as { seen: string }).seen}`),
  );
  r.get('/item/:id', (req, res) => void res.send(`item ${req.params.id}`));
  r.post('/item/literal', (_req, res) => void res.send('literal item'));
  r.get('/params', (req, res) => void res.json(req.params));
  r.use('/guarded', (_req, res) => void res.status(403).send('guarded by middleware'));
  r.get('/guarded/inside', (_req, res) => void res.send('never'));
  r.get('/handled', () => {
    throw new Error("for the router's own error middleware");
  });
  // the router's own error middleware, after every route
  r.use(((err: Error, req, res, next) =>
    req.path === '/handled' ? void res.status(418).send(`handled: ${err.message}`) : next(err)) as ErrorRequestHandler);
}

const errors: ErrorRequestHandler = (err: Error, _req, res, _next) => void res.status(500).send(`error: ${err.message}`);
const notFound: express.RequestHandler = (req, res) => void res.status(404).send(`not found ${req.method} ${req.path}`);

async function serve(indexed: boolean): Promise<{ server: Server; base: string; router: Router }> {
  const app = express();
  const router = express.Router();
  routes(router);
  app.use('/api', indexed ? indexedRouter(router) : router, notFound);
  app.use(errors);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, router };
}

let plain: Awaited<ReturnType<typeof serve>>;
let indexed: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  plain = await serve(false);
  indexed = await serve(true);
});
afterAll(() => {
  plain.server.close();
  indexed.server.close();
});

const answer = async (base: string, method: string, path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(base + path, { method, headers });
  return { status: r.status, body: await r.text(), allow: r.headers.get('allow') };
};

describe('indexed router', () => {
  const cases: [string, string][] = [
    ['GET', '/plain'],
    ['POST', '/plain'],
    ['DELETE', '/plain'],
    ['HEAD', '/plain'],
    ['OPTIONS', '/plain'],
    ['PUT', '/async-fail'],
    ['GET', '/throws'],
    ['GET', '/skip'],
    ['GET', '/leave'],
    ['GET', '/pass'],
    ['GET', '/chain'],
    ['GET', '/item/7'],
    ['POST', '/item/literal'],
    ['GET', '/item/literal'],
    ['GET', '/params'],
    ['GET', '/guarded/inside'],
    ['GET', '/PLAIN'],
    ['GET', '/plain/'],
    ['GET', '/plain?x=1'],
    ['GET', '/nowhere'],
    ['GET', '/handled'],
  ];
  it.each(cases)('%s %s answers as the router does', async (method, path) => {
    expect(await answer(indexed.base, method, path)).toEqual(await answer(plain.base, method, path));
  });

  it('runs a middleware mounted without a path first, on indexed paths too', async () => {
    for (const path of ['/plain', '/item/7', '/nowhere']) {
      const closed = await answer(indexed.base, 'GET', path, { 'x-closed': '1' });
      expect(closed).toMatchObject({ status: 503, body: 'closed' });
      expect(closed).toEqual(await answer(plain.base, 'GET', path, { 'x-closed': '1' }));
    }
  });

  it('serves a literal path without scanning the router, and sends the rest through it', async () => {
    const handle = vi.spyOn(indexed.router as unknown as { handle: () => void }, 'handle');
    await answer(indexed.base, 'GET', '/chain');
    await answer(indexed.base, 'POST', '/plain');
    expect(handle).not.toHaveBeenCalled();
    await answer(indexed.base, 'GET', '/item/7');
    await answer(indexed.base, 'GET', '/guarded/inside');
    expect(handle).toHaveBeenCalledTimes(2);
    handle.mockRestore();
  });

  it('sees routes added after the first request', async () => {
    expect((await answer(indexed.base, 'GET', '/later')).status).toBe(404);
    indexed.router.get('/later', (_req, res) => void res.send('added later'));
    expect(await answer(indexed.base, 'GET', '/later')).toMatchObject({ status: 200, body: 'added later' });
  });
});
