import { z, type ZodType } from 'zod';
import type { AccessLevel } from '../../http/auth.js';

/** What the document needs of a route (the route table's RouteInfo has these fields). */
export interface DocumentedRoute {
  method: string;
  path: string;
  level: AccessLevel | undefined;
  input?: { schema: ZodType; source: 'body' | 'query' };
}

/** A JSON Schema object as zod writes it (or as written here). */
type JsonSchema = Record<string, unknown>;

/** One operation of the document. */
export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  security: Record<string, string[]>[];
  'x-lantern-access': AccessLevel | 'none';
  parameters?: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, unknown>;
}

/** The OpenAPI 3.1 document: paths keyed by OpenAPI path, then by lower-case method. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

/** The methods an Express `all()` route answers, as the document lists them. */
const ALL_METHODS = ['get', 'post', 'put', 'delete', 'patch'];

const MOUNTS: [prefix: string, tag: (first: string) => string][] = [
  ['/answer/api/v1', (first) => first],
  ['/answer/admin/api', (first) => `admin/${first}`],
  ['/installation', () => 'installation'],
];

const DESCRIPTION = [
  "Lantern speaks Apache Answer's HTTP API (v1.5.1). This document is generated at start from the",
  'live route table and the same zod schemas that validate each request, so it lists every route the',
  'server answers. Every JSON answer is the envelope {code, reason, msg, data}; field errors come as',
  'data: [{error_field, error_msg}]. Response data shapes are typed in server/contract/api (TypeScript',
  'types, not schemas): here data is a generic value. A token goes in the Authorization header as it',
  'came from login (a "Bearer " prefix is accepted). x-lantern-access names the access level a route',
  'checks: public, optional (public unless the site requires login), login, active (verified, not',
  'suspended), admin; none means the route makes its own checks (the installer, plugin routes, files).',
].join(' ');

/** Express's path syntax (:id, *path, {optional}) in OpenAPI's ({id}), with the names of its parameters. */
export function openApiPath(expressPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = expressPath.replace(/[{}]/g, '').replace(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

function tagOf(path: string): string {
  for (const [prefix, tag] of MOUNTS) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return tag(path.slice(prefix.length).split('/')[1] || 'root');
  }
  return 'site';
}

function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/answer\/api\/v1/, '')
    .replace(/^\/answer\/admin\/api/, '/admin')
    .split('/')
    .filter(Boolean)
    .map((w) => (/^[:*]/.test(w) ? `by_${w.slice(1)}` : w.replace(/[^A-Za-z0-9]+/g, '_')));
  return [method, ...words].join('_');
}

/** The input schema as JSON Schema for what a client sends; a type JSON Schema cannot say becomes {} rather than failing. */
export function inputJsonSchema(schema: ZodType): JsonSchema {
  try {
    const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    delete out.$schema;
    return out;
  } catch {
    // e.g. a cycle zod cannot unroll: the route is still listed, with a schema that says nothing
    return { description: 'not representable as JSON Schema' };
  }
}

function queryParameters(schema: JsonSchema): Record<string, unknown>[] {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || !props) {
    // a union or pipe at the top: one exploded object parameter keeps the whole schema
    return [{ name: 'query', in: 'query', style: 'form', explode: true, schema }];
  }
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

const ENVELOPE = { $ref: '#/components/schemas/Envelope' };

function operationOf(route: DocumentedRoute, method: string, params: string[]): Operation {
  const level = route.level ?? 'none';
  const parameters: Record<string, unknown>[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  let requestBody: Record<string, unknown> | undefined;
  if (route.input) {
    const schema = inputJsonSchema(route.input.schema);
    if (route.input.source === 'query') parameters.push(...queryParameters(schema));
    else requestBody = { required: true, content: { 'application/json': { schema } } };
  }
  return {
    operationId: operationIdOf(method, route.path),
    tags: [tagOf(route.path)],
    summary: `access: ${level}`,
    // public and unchecked routes take a token if one is sent (the {} entry), the others need it
    security: level === 'public' || level === 'optional' || level === 'none' ? [{}, { token: [] }] : [{ token: [] }],
    'x-lantern-access': level,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '200': { description: "Answer's envelope; data as in server/contract/api", content: { 'application/json': { schema: ENVELOPE } } },
      default: { description: 'An error in the envelope (code is the HTTP status)', content: { 'application/json': { schema: ENVELOPE } } },
    },
  };
}

/** Builds the document from the route table: one operation per route and method. */
export function buildOpenApiDocument(routes: readonly DocumentedRoute[], opts: { version: string; basePath: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const ids = new Set<string>();
  const tags = new Set<string>();
  for (const route of routes) {
    const { path, params } = openApiPath(route.path);
    const methods = route.method === '_ALL' ? ALL_METHODS : [route.method.toLowerCase()];
    for (const method of methods) {
      const op = operationOf(route, method, params);
      // two Express paths can read alike once their punctuation is gone: ids stay unique
      let id = op.operationId;
      for (let n = 2; ids.has(id); n++) id = `${op.operationId}_${n}`;
      ids.add(id);
      op.operationId = id;
      tags.add(op.tags[0]);
      paths[path] ??= {};
      paths[path][method] ??= op;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Lantern (Apache Answer API)', version: opts.version, description: DESCRIPTION },
    servers: [{ url: opts.basePath || '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The access token from login' },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'reason', 'msg', 'data'],
          properties: {
            code: { type: 'integer', description: 'The HTTP status' },
            reason: { type: 'string', description: 'A message key, e.g. base.success' },
            msg: { type: 'string', description: "The reason in the caller's language" },
            data: { description: 'The answer; shapes are typed in server/contract/api' },
          },
        },
      },
    },
  };
}
