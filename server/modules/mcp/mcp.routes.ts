import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AppContext } from '../../app-context.js';
import type { ApiKeyCaller } from '../../http/api-key-caller.js';
import { auth, readToken } from '../../http/auth.js';
import { bodyLimit } from '../../http/body-limit.js';
import { ok } from '../../http/envelope.js';
import { AppError, forbidden, notFound, unauthorized } from '../../http/errors.js';
import type { SessionUser } from '../../http/session-user.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { mcpConfigBody } from '../../contract/requests/mcp.js';
import { McpSessions } from './mcp.sessions.js';
import { createMcpServer, type McpCaller } from './mcp.tools.js';

/** Where the MCP endpoints are, under the API's base (/answer/api/v1). */
export const MCP_PATHS = { sse: '/mcp/sse', message: '/mcp/message', streamable: '/mcp' } as const;

/** The caller an MCP route admitted (set by mcpAuth). */
function mcpCaller(res: Response): McpCaller {
  return { apiKey: res.locals.apiKey as ApiKeyCaller, session: res.locals.session as SessionUser };
}

/**
 * The MCP routes' access: an API key in the Authorization header (a login token alone is refused
 * 401, as Answer does), of any scope (its tools/list and tool calls are POSTs, so the read-only
 * check of auth() by method does not apply: the tools check the scope), and the site's MCP switch
 * on (403 otherwise). Marked 'login' for the route table (anonymous callers get 401).
 */
function mcpAuth(ctx: AppContext): RequestHandler {
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    const token = readToken(req);
    const key = token ? await ctx.apiKeys(token) : undefined;
    if (!key) throw token && (await ctx.sessions.resolve(token)) ? new AppError(401, 'error.mcp.api_key_required') : unauthorized();
    res.locals.apiKey = key.caller;
    res.locals.session = key.session;
    if (!(await ctx.settings.get('mcp')).enabled) throw forbidden('error.mcp.disabled');
    next();
  };
  return Object.assign(handler, { accessLevel: 'login' as const });
}

/** The identity the SDK hands each tool call (extra.authInfo), from the request that carried it. */
function authInfoOf(c: McpCaller): AuthInfo {
  return { token: `api-key:${c.apiKey.keyId}`, clientId: String(c.apiKey.keyId), scopes: [c.apiKey.scope], extra: { caller: c } };
}

/** Admin → MCP as Answer's GET mcp-config answers it: the switch, the endpoint and the header to send. */
async function readMcpConfig(ctx: AppContext, req: Request) {
  const { enabled } = await ctx.settings.get('mcp');
  const site = (await ctx.settings.get('general')).site_url.replace(/\/+$/, '') || `${req.protocol}://${req.get('host') ?? ''}`;
  const api = `${site}${ctx.config.basePath ?? ''}/answer/api/v1`;
  return {
    enabled,
    type: 'Server-Sent Event (SSE)',
    url: `${api}${MCP_PATHS.sse}`,
    http_header: 'Authorization={key}',
    // Lantern's: the streamable HTTP endpoint (the current MCP transport) beside Answer's SSE one
    streamable_url: `${api}${MCP_PATHS.streamable}`,
  };
}

type Attached = Request & { auth?: AuthInfo };
type SseSession = { transport: SSEServerTransport; server: McpServer; close(): Promise<void> };

/**
 * The MCP server (issue 37): Answer's SSE endpoints (GET mcp/sse opens a session, POST
 * mcp/message?sessionId= carries its messages), the streamable HTTP endpoint (POST mcp, stateless:
 * one server per request, nothing kept between requests), and Answer's admin switch (GET/PUT
 * /answer/admin/api/mcp-config).
 */
export function registerMcp(ctx: AppContext, routers: Routers): void {
  const { api, admin } = typed(routers);
  const sessions = new McpSessions<SseSession>();
  ctx.beforeClose.push(() => sessions.closeAll());
  const version = ctx.config.version;

  admin.get('/mcp-config', auth(ctx, 'admin'), async (req, res) => {
    ok(res, await readMcpConfig(ctx, req));
  });
  admin.put('/mcp-config', auth(ctx, 'admin'), validate(mcpConfigBody), async (_req, res) => {
    await ctx.settings.put('mcp', { enabled: inputOf(mcpConfigBody, res).enabled });
    ok(res, null);
  });

  api.get(MCP_PATHS.sse, mcpAuth(ctx), async (req, res) => {
    const c = mcpCaller(res);
    if (!sessions.hasRoom(c.apiKey.keyId)) throw new AppError(429, 'error.mcp.too_many_sessions');
    // the messages' endpoint, where this stream was opened (the API's base path included)
    const endpoint = req.originalUrl.split('?')[0].replace(/\/sse$/, '/message');
    const transport = new SSEServerTransport(endpoint, res);
    const server = createMcpServer(ctx, c.apiKey.scope, version);
    const session: SseSession = { transport, server, close: () => server.close() };
    sessions.add(transport.sessionId, c.apiKey.keyId, session);
    transport.onclose = () => sessions.remove(transport.sessionId);
    await server.connect(transport);
  });

  api.post(MCP_PATHS.message, mcpAuth(ctx), bodyLimit('posts'), async (req: Attached, res) => {
    const c = mcpCaller(res);
    const id = typeof req.query.sessionId === 'string' ? req.query.sessionId : '';
    // a session answers only the key that opened it
    const session = sessions.touch(id, c.apiKey.keyId);
    if (!session) throw notFound('error.mcp.session_not_found');
    req.auth = authInfoOf(c);
    await session.transport.handlePostMessage(req, res, req.body);
  });

  api.post(MCP_PATHS.streamable, mcpAuth(ctx), bodyLimit('posts'), async (req: Attached, res) => {
    const c = mcpCaller(res);
    const server = createMcpServer(ctx, c.apiKey.scope, version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    req.auth = authInfoOf(c);
    await transport.handleRequest(req, res, req.body);
  });
  // stateless: no stream to open, no session to end
  const notAllowed: RequestHandler = (_req, res) => {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  };
  api.get(MCP_PATHS.streamable, mcpAuth(ctx), notAllowed);
  api.delete(MCP_PATHS.streamable, mcpAuth(ctx), notAllowed);
}
