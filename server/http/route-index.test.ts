import express, { type ErrorRequestHandler, type Router } from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookedRouter } from './route-book.js';
import { chained, indexedRouter } from './route-index.js';

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
  const router = bookedRouter();
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

// The same handlers mounted by Express one layer each, and as one chained handler.
describe('chained handlers', () => {
  const handlers = (): Parameters<typeof chained> => [
    ((req, _res, next) => {
      (req as unknown as { trail: string[] }).trail = [`url ${req.url}`];
      next();
    }) as express.RequestHandler,
    ((err: Error, _req, _res, next) => next(new Error(`never reached without an error: ${err.message}`))) as ErrorRequestHandler,
    ((req, res, next) => {
      const trail = (req as unknown as { trail: string[] }).trail;
      trail.push('second');
      if (req.query.stop === 'throw') throw new Error('thrown');
      if (req.query.stop === 'reject') return Promise.reject(new Error('rejected'));
      if (req.query.stop === 'route') return next('route');
      if (req.query.stop === 'router') return next('router');
      if (req.query.stop === 'answer') return void res.send(trail.join(', '));
      next();
    }) as express.RequestHandler,
    ((err: Error, req, res, next) =>
      req.query.handle ? void res.status(409).send(`handled ${err.message}`) : next(err)) as ErrorRequestHandler,
    ((req, res) =>
      void res.status(404).send(`last: ${(req as unknown as { trail: string[] }).trail.join(', ')}`)) as express.RequestHandler,
  ];

  async function mount(asChain: boolean) {
    const app = express();
    app.use('/base', asChain ? chained(...handlers()) : (handlers() as express.RequestHandler[]));
    app.use((_req, res) => void res.status(410).send('after the mount'));
    app.use(errors);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('passes the trimmed URL along, and ends where Express would', async () => {
    const b = await mount(true);
    try {
      const at = (stop: string) => answer(b.base, 'GET', `/base/deeper/path?stop=${stop}`);
      expect(await at('answer')).toMatchObject({ status: 200, body: 'url /deeper/path?stop=answer, second' });
      expect(await at('')).toMatchObject({ status: 404, body: 'last: url /deeper/path?stop=, second' });
      expect(await at('throw')).toMatchObject({ status: 500, body: 'error: thrown' });
      expect(await at('reject&handle=1')).toMatchObject({ status: 409, body: 'handled rejected' });
      // 'router' leaves the app's own router: Express's final handler answers
      expect(await at('router')).toMatchObject({ status: 404, body: expect.stringContaining('Cannot GET /base/deeper/path') });
    } finally {
      b.server.close();
    }
  });

  it.each(['', 'answer', 'throw', 'throw&handle=1', 'reject', 'reject&handle=1', 'route', 'router'])(
    'stop=%s answers as Express does',
    async (stop) => {
      const [a, b] = [await mount(false), await mount(true)];
      try {
        const path = `/base/deeper/path?stop=${stop}`;
        expect(await answer(b.base, 'GET', path)).toEqual(await answer(a.base, 'GET', path));
      } finally {
        a.server.close();
        b.server.close();
      }
    },
  );
});
