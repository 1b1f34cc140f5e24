import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { adminToken } from '../../../tests/support/accounts.js';
import { openApiPath, type DocumentedRoute, type OpenApiDocument, type Operation } from './openapi.document.js';

/** What the route table has that the document lacks: routes with no operation, inputs with no schema. */
function undocumented(routes: readonly DocumentedRoute[], doc: OpenApiDocument): string[] {
  const gaps: string[] = [];
  for (const r of routes) {
    const methods = r.method === '_ALL' ? ['get', 'post', 'put', 'delete', 'patch'] : [r.method.toLowerCase()];
    for (const m of methods) {
      const op: Operation | undefined = doc.paths[openApiPath(r.path).path]?.[m];
      if (!op) {
        gaps.push(`${r.method} ${r.path}: no operation`);
        continue;
      }
      if (!r.input) continue;
      const hasSchema =
        r.input.source === 'body'
          ? Boolean(
              (op.requestBody as { content?: { 'application/json'?: { schema?: unknown } } } | undefined)?.content?.['application/json']
                ?.schema,
            )
          : (op.parameters ?? []).some((p) => p.in === 'query' && p.schema);
      if (!hasSchema) gaps.push(`${r.method} ${r.path}: ${r.input.source} input without a schema`);
    }
  }
  return gaps;
}

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.call('GET', '/answer/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDocument;
});
afterAll(() => t.stop());

describe('GET /answer/api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has an operation for every route of the live table, and a schema for every validated input', () => {
    const routes = t.lantern.routes();
    expect(undocumented(routes, doc)).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    // one per route and method (an all() route is listed under five methods)
    expect(operations.length).toBe(routes.reduce((n, r) => n + (r.method === '_ALL' ? 5 : 1), 0));
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
  });

  it('names a route missing from the document, and an input without a schema (a fake route added to the table)', () => {
    const fake: DocumentedRoute = {
      method: 'POST',
      path: '/answer/api/v1/fake/:id',
      level: 'active',
      input: { schema: z.object({ a: z.string() }), source: 'body' },
    };
    expect(undocumented([...t.lantern.routes(), fake], doc)).toEqual(['POST /answer/api/v1/fake/:id: no operation']);
    // the question list's query schema, taken out of its operation
    const stripped = structuredClone(doc);
    const list = stripped.paths['/answer/api/v1/question/page'].get;
    list.parameters = [];
    expect(undocumented(t.lantern.routes(), stripped)).toEqual(['GET /answer/api/v1/question/page: query input without a schema']);
  });

  it('describes an operation: id, module tag, access as a security requirement and x-lantern-access, its inputs and the envelope', () => {
    const add = doc.paths['/answer/api/v1/question'].post;
    expect(add.operationId).toBe('post_question');
    expect(add.tags).toEqual(['question']);
    expect(add['x-lantern-access']).toBe('active');
    expect(add.security).toEqual([{ token: [] }]);
    const body = (add.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> })
      .content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['title', 'content']));
    expect(body.properties.title).toMatchObject({ type: 'string' });
    const page = doc.paths['/answer/api/v1/question/page'].get;
    expect(page['x-lantern-access']).toBe('optional');
    expect(page.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'page_size', 'order']));
    expect(page.parameters!.every((p) => p.in === 'query')).toBe(true);
    const admin = doc.paths['/answer/admin/api/backups/{name}'].delete;
    expect(admin.tags).toEqual(['admin/backups']);
    expect(admin.parameters).toEqual([{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(doc.components.securitySchemes.token).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: 'The access token from login',
    });
    expect(doc.components.schemas.Envelope).toMatchObject({ required: ['code', 'reason', 'msg', 'data'] });
    expect(doc.info.description).toContain('server/contract/api');
  });

  it('is made once per app: the same bytes on every request', async () => {
    const a = await fetch(`${t.url}/answer/api/v1/openapi.json`).then((r) => r.text());
    const b = await fetch(`${t.url}/answer/api/v1/openapi.json`).then((r) => r.text());
    expect(b).toBe(a);
  });
});

describe('GET /swagger/index.html', () => {
  it('serves Swagger UI and all its assets from this origin, with no inline script and no CDN', async () => {
    const redirect = await fetch(`${t.url}/swagger`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/swagger/index.html');
    const res = await fetch(`${t.url}/swagger/index.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<div id="swagger-ui">');
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs).toEqual(expect.arrayContaining(['./swagger-ui-bundle.js', './swagger-ui.css', './lantern-init.js']));
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^\.\//);
      const asset = await fetch(new URL(ref, `${t.url}/swagger/index.html`));
      expect(asset.status, ref).toBe(200);
      expect(asset.headers.get('content-type'), ref).toMatch(/javascript|css|png/);
    }
    const init = await fetch(`${t.url}/swagger/lantern-init.js`).then((r) => r.text());
    expect(init).toContain('../answer/api/v1/openapi.json');
    expect(init).toContain('validatorUrl: null');
    // swagger-ui-dist's own page and petstore initializer are not served
    expect((await fetch(`${t.url}/swagger/swagger-initializer.js`)).status).toBe(404);
    expect((await fetch(`${t.url}/swagger/..%2Fpackage.json`)).status).toBe(404);
  });
});

describe('on a site that requires login', () => {
  it('answers the document to a signed-in member only; the page stays public', async () => {
    const token = await adminToken(t);
    const put = await t.call('GET', '/answer/admin/api/siteinfo/login', { token });
    await t.call('PUT', '/answer/admin/api/siteinfo/login', { token, body: { ...put.body.data, login_required: true } });
    try {
      expect((await t.call('GET', '/answer/api/v1/openapi.json')).status).toBe(401);
      expect((await t.call('GET', '/answer/api/v1/openapi.json', { token })).status).toBe(200);
      expect((await fetch(`${t.url}/swagger/index.html`)).status).toBe(200);
    } finally {
      await t.call('PUT', '/answer/admin/api/siteinfo/login', { token, body: { ...put.body.data, login_required: false } });
    }
  });
});
