import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, makeUser } from '../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { ROLE } from '../contract/limits.js';
import type { RouteInfo } from '../app.js';

// Authorisation over the whole route table (read from the running app, so a new route is
// covered the day it is added): every route declares an access level or is one of the
// deliberately open ones below; every admin route refuses anonymous callers, users and
// moderators; every login-only route refuses anonymous callers; every review route refuses a
// plain user.

/** Routes with no auth() middleware on purpose: the reference's public group, the installer and static files. */
const OPEN = new Set([
  'GET /answer/api/v1/language/options',
  'GET /answer/api/v1/language/config',
  'POST /answer/api/v1/user/register/email',
  'POST /answer/api/v1/user/login/email',
  'POST /answer/api/v1/user/email/verification',
  'POST /answer/api/v1/user/password/reset',
  'POST /answer/api/v1/user/password/replacement',
  'PUT /answer/api/v1/user/email',
  'PUT /answer/api/v1/user/notification/unsubscribe',
  'GET /answer/api/v1/siteinfo',
  'GET /answer/api/v1/plugin/status',
  'GET /answer/api/v1/captcha/config',
  'GET /answer/api/v1/embed/config',
  'GET /answer/api/v1/render/config',
  'GET /answer/api/v1/connector/info',
  'GET /answer/api/v1/connector/login/:name',
  'GET /answer/api/v1/connector/redirect/:name',
  'POST /answer/api/v1/connector/binding/email',
  'GET /answer/api/v1/user-center/login/redirect',
  'GET /answer/api/v1/user-center/sign-up/redirect',
  'GET /answer/api/v1/user-center/login/callback',
  'GET /answer/api/v1/user-center/sign-up/callback',
  // route plugins check each plugin route's own level when it is matched (plugin.routes.ts)
  '_ALL /answer/api/v1/plugin/route/:slug/*path',
  '_ALL /answer/admin/api/plugin/route/:slug/*path',
  // the installer refuses everything once installed (install.test.ts)
  'GET /installation/language/options',
  'GET /installation/language/config',
  'POST /installation/config-file/check',
  'POST /installation/db/check',
  'POST /installation/init',
  'POST /installation/base-info',
  // Lantern's: checks the one-time setup code a browser on another machine needs before install
  'POST /installation/setup-code/check',
  'GET /robots.txt',
  'GET /custom.css',
  'GET /uploads/*path',
]);

/** Well-formed bodies for the review decisions (about objects that need not exist: the refusal comes first). */
const REVIEW_BODIES: Record<string, unknown> = {
  'PUT /answer/api/v1/report/review': { flag_id: '10080000000000001', operation_type: 'ignore_report' },
  'PUT /answer/api/v1/review/pending/post': { review_id: 1, status: 'approve' },
  'PUT /answer/api/v1/revisions/audit': { id: '1', operation: 'approve' },
};

/** The queues of review work. */
const REVIEW = [
  'GET /answer/api/v1/report/unreviewed/post',
  'PUT /answer/api/v1/report/review',
  'GET /answer/api/v1/review/pending/post/page',
  'PUT /answer/api/v1/review/pending/post',
  'GET /answer/api/v1/revisions/unreviewed',
  'PUT /answer/api/v1/revisions/audit',
];

const key = (r: RouteInfo) => `${r.method} ${r.path}`;
const concrete = (r: RouteInfo) => !/[:*]/.test(r.path);

let app: TestApp;
let routes: RouteInfo[];
let user: string;
let moderator: string;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  routes = app.lantern.routes();
  user = (await makeUser(app)).token;
  moderator = (await makeUser(app, { roleId: ROLE.moderator })).token;
  admin = await adminToken(app);
});
afterAll(async () => app.stop());

async function call(r: RouteInfo, token?: string, body: unknown = r.method === 'GET' ? undefined : {}) {
  const res = await app.call(r.method, r.path, { token, body });
  return res.status;
}

describe('the route table', () => {
  it('is read from the app and holds every module', () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.map(key)).toEqual(expect.arrayContaining(['POST /answer/api/v1/question', 'GET /answer/admin/api/dashboard', ...REVIEW]));
  });

  it('gives every route an access level, except the deliberately open ones', () => {
    const unguarded = routes.filter((r) => r.level === undefined).map(key);
    expect(unguarded.filter((k) => !OPEN.has(k))).toEqual([]);
    // and the open list names no route that does not exist
    expect([...OPEN].filter((k) => !routes.some((r) => key(r) === k))).toEqual([]);
  });

  it('guards every admin route with the admin level', () => {
    const admins = routes.filter((r) => r.path.startsWith('/answer/admin/api/') && !OPEN.has(key(r)));
    expect(admins.length).toBeGreaterThan(40);
    expect(admins.filter((r) => r.level !== 'admin').map(key)).toEqual([]);
  });
});

describe('refusals', () => {
  it('every admin route refuses anonymous callers (401), users and moderators (403), and lets an admin past the guard', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.level === 'admin' && concrete(x))) {
      const [anon, u, m, a] = [await call(r), await call(r, user), await call(r, moderator), await call(r, admin)];
      if (anon !== 401 || u !== 403 || m !== 403 || a === 401 || a === 403)
        wrong.push(`${key(r)}: anonymous ${anon}, user ${u}, moderator ${m}, admin ${a}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every login-only route refuses anonymous callers with 401', async () => {
    const wrong: string[] = [];
    const loginOnly = routes.filter((x) => (x.level === 'login' || x.level === 'active') && concrete(x));
    expect(loginOnly.length).toBeGreaterThan(60);
    for (const r of loginOnly) {
      const status = await call(r);
      if (status !== 401) wrong.push(`${key(r)}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every review route refuses a plain user (403) and anonymous callers (401)', async () => {
    const wrong: string[] = [];
    for (const k of REVIEW) {
      const r = routes.find((x) => key(x) === k)!;
      const [anon, u] = [await call(r, undefined, REVIEW_BODIES[k]), await call(r, user, REVIEW_BODIES[k])];
      if (anon !== 401 || u !== 403) wrong.push(`${k}: anonymous ${anon}, user ${u}`);
    }
    expect(wrong).toEqual([]);
  });
});
