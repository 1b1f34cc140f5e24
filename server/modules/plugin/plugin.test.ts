import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import {
  pluginRegistry,
  PluginRegistry,
  type CaptchaPlugin,
  type EmbedPlugin,
  type RenderPlugin,
  type RoutePlugin,
  type SearchPlugin,
} from './plugin.registry.js';

let app: TestApp;
let admin: string;
beforeEach(async () => {
  app = await startTestApp();
  admin = await adminToken(app);
});
afterEach(async () => app.stop());

const A = '/answer/admin/api';
const V1 = '/answer/api/v1';

/** A search plugin with an admin form and a personal form, switched off until an admin turns it on. */
const searchPlugin: SearchPlugin = {
  slug_name: 'test_search',
  name: 'Test search',
  description: 'Searches somewhere else.',
  version: '0.1.0',
  link: 'https://example.com/test-search',
  kind: 'search',
  defaultEnabled: false,
  searchDescription: (c) => ({ icon: '', link: String(c.endpoint) }),
  configFields: [
    { name: 'intro', type: 'legend', title: 'Connection' },
    {
      name: 'endpoint',
      type: 'input',
      title: 'Endpoint',
      required: true,
      ui_options: { input_type: 'url', placeholder: 'https://' },
      maxLength: 50,
    },
    {
      name: 'mode',
      type: 'select',
      title: 'Mode',
      options: [
        { label: 'Fast', value: 'fast' },
        { label: 'Exact', value: 'exact' },
      ],
      default: 'fast',
    },
    { name: 'live', type: 'switch', title: 'Live updates' },
    {
      name: 'langs',
      type: 'checkbox',
      title: 'Languages',
      options: [
        { label: 'English', value: 'en' },
        { label: 'German', value: 'de' },
      ],
    },
    { name: 'limit', type: 'input', title: 'Limit', ui_options: { input_type: 'number' } },
  ],
  userConfigFields: [{ name: 'nickname', type: 'input', title: 'Nickname', required: true, maxLength: 20 }],
};

const fields = (r: { body: { data: { config_fields: { name: string; value: unknown }[] } } }) =>
  Object.fromEntries(r.body.data.config_fields.map((f) => [f.name, f.value]));

describe('the registry', () => {
  it('holds the built-in captcha and refuses bad or repeated slugs and field names', () => {
    const r = new PluginRegistry();
    expect(r.all().map((p) => p.slug_name)).toEqual(['lantern_captcha']);
    expect(() => r.register({ ...searchPlugin, slug_name: 'Bad Slug' })).toThrow(/bad plugin slug/);
    expect(() => r.register({ ...searchPlugin, slug_name: 'lantern_captcha' })).toThrow(/already registered/);
    expect(() =>
      r.register({ ...searchPlugin, slug_name: 'twice', configFields: [searchPlugin.configFields![1], searchPlugin.configFields![1]] }),
    ).toThrow(/twice/);
    r.register(searchPlugin);
    expect(r.ofKind('search').map((p) => p.slug_name)).toEqual(['test_search']);
    expect(r.find('test_search')).toBe(searchPlugin);
  });

  it('keeps one registry per app', () => {
    expect(pluginRegistry(app.lantern.ctx)).toBe(pluginRegistry(app.lantern.ctx));
  });
});

describe('GET plugin/status and admin plugins', () => {
  it('lists every plugin with its switch (the captcha ships off, as the reference ships none)', async () => {
    pluginRegistry(app.lantern.ctx).register(searchPlugin);
    expect((await app.call('GET', `${V1}/plugin/status`)).body.data).toEqual([
      { slug_name: 'lantern_captcha', enabled: false },
      { slug_name: 'lantern_reviewer', enabled: false },
      { slug_name: 'test_search', enabled: false },
    ]);
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'lantern_captcha', enabled: true } });
    expect((await app.call('GET', `${V1}/plugin/status`)).body.data).toEqual([
      { slug_name: 'lantern_captcha', enabled: true },
      { slug_name: 'lantern_reviewer', enabled: false },
      { slug_name: 'test_search', enabled: false },
    ]);
    const list = await app.call('GET', `${A}/plugins`, { token: admin });
    expect(list.body.data).toEqual([
      {
        name: 'Captcha',
        slug_name: 'lantern_captcha',
        description: expect.any(String),
        version: '1.0.0',
        enabled: true,
        have_config: true,
        link: '',
      },
      {
        name: 'Post review queue',
        slug_name: 'lantern_reviewer',
        description: expect.any(String),
        version: '1.0.0',
        enabled: false,
        have_config: true,
        link: '',
      },
      {
        name: 'Test search',
        slug_name: 'test_search',
        description: 'Searches somewhere else.',
        version: '0.1.0',
        enabled: false,
        have_config: true,
        link: 'https://example.com/test-search',
      },
    ]);
    const slugs = async (qs: string) =>
      (await app.call('GET', `${A}/plugins?${qs}`, { token: admin })).body.data.map((p: { slug_name: string }) => p.slug_name);
    expect(await slugs('status=active')).toEqual(['lantern_captcha']);
    expect(await slugs('status=inactive')).toEqual(['lantern_reviewer', 'test_search']);
    expect(await slugs('have_config=true')).toEqual(['lantern_captcha', 'lantern_reviewer', 'test_search']);
    expect(await slugs('have_config=false')).toEqual(['lantern_captcha', 'lantern_reviewer', 'test_search']);
    const bad = await app.call('GET', `${A}/plugins?status=on`, { token: admin });
    expect(bad.body.data).toEqual([{ error_field: 'status', error_msg: 'Status must be one of: active, inactive.' }]);
  });

  it('keeps the admin endpoints for admins', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `${A}/plugins`],
      ['PUT', `${A}/plugin/status`, { plugin_slug_name: 'lantern_captcha', enabled: false }],
      ['GET', `${A}/plugin/config?plugin_slug_name=lantern_captcha`],
      ['PUT', `${A}/plugin/config`, { plugin_slug_name: 'lantern_captcha', config_fields: {} }],
    ];
    const user = await makeUser(app);
    const mod = await makeUser(app, { roleId: 3 });
    for (const [method, path, body] of calls) {
      expect((await app.call(method, path, { body })).status).toBe(401);
      expect((await app.call(method, path, { body, token: user.token })).status).toBe(403);
      expect((await app.call(method, path, { body, token: mod.token })).status).toBe(403);
    }
    expect((await app.call('GET', `${V1}/plugin/status`)).body.data[0].enabled).toBe(false);
  });
});

describe('PUT plugin/status', () => {
  it('switches the captcha off and on; the captcha follows', async () => {
    expect((await app.call('GET', `${V1}/captcha/config`)).body.data).toEqual({ slug_name: '', config: null });
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'lantern_captcha', enabled: true } });
    expect((await app.call('GET', `${V1}/captcha/config`)).body.data).toEqual({ slug_name: 'lantern_captcha', config: { type: 'image' } });
    const off = await app.call('PUT', `${A}/plugin/status`, {
      token: admin,
      body: { plugin_slug_name: 'lantern_captcha', enabled: false },
    });
    expect(off.body).toMatchObject({ code: 200, data: null });
    expect((await app.call('GET', `${V1}/plugin/status`)).body.data).toEqual([
      { slug_name: 'lantern_captcha', enabled: false },
      { slug_name: 'lantern_reviewer', enabled: false },
    ]);
    expect(await app.lantern.ctx.captcha.required('question', 'someone')).toBe(false);
    expect((await app.call('GET', `${V1}/captcha/config`)).body.data).toEqual({ slug_name: '', config: null });
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'lantern_captcha', enabled: true } });
    expect((await app.call('GET', `${V1}/captcha/config`)).body.data).toEqual({ slug_name: 'lantern_captcha', config: { type: 'image' } });
  });

  it('treats a missing `enabled` as off, as the reference', async () => {
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'lantern_captcha' } });
    expect((await app.call('GET', `${V1}/plugin/status`)).body.data[0].enabled).toBe(false);
  });

  it('keeps one captcha on at a time', async () => {
    const other: CaptchaPlugin = {
      slug_name: 'other_captcha',
      name: 'Other',
      description: '',
      version: '1',
      kind: 'captcha',
      defaultEnabled: false,
      publicConfig: () => ({ site_key: 'k' }),
    };
    pluginRegistry(app.lantern.ctx).register(other);
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'other_captcha', enabled: true } });
    expect((await app.call('GET', `${V1}/plugin/status`)).body.data).toEqual([
      { slug_name: 'lantern_captcha', enabled: false },
      { slug_name: 'lantern_reviewer', enabled: false },
      { slug_name: 'other_captcha', enabled: true },
    ]);
    expect((await app.call('GET', `${V1}/captcha/config`)).body.data).toEqual({ slug_name: 'other_captcha', config: { site_key: 'k' } });
  });

  it('refuses unknown plugins (the reference stores any slug) and bad input', async () => {
    const unknown = await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'nope', enabled: true } });
    expect(unknown.body).toMatchObject({ code: 404, reason: 'error.plugin.not_found', msg: 'Plugin not found.' });
    expect((await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { enabled: true } })).body.data).toEqual([
      { error_field: 'plugin_slug_name', error_msg: 'Plugin cannot be empty.' },
    ]);
    expect(
      (await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'lantern_captcha', enabled: 'no' } })).body
        .data,
    ).toEqual([{ error_field: 'enabled', error_msg: 'Enabled is not valid.' }]);
    expect(
      (await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'x'.repeat(101), enabled: true } })).body.data,
    ).toEqual([{ error_field: 'plugin_slug_name', error_msg: 'Plugin up to 100 characters.' }]);
  });
});

describe('admin plugin/config', () => {
  beforeEach(() => pluginRegistry(app.lantern.ctx).register(searchPlugin));

  it('shows the form with defaults, saves it and shows the saved values', async () => {
    const first = await app.call('GET', `${A}/plugin/config?plugin_slug_name=test_search`, { token: admin });
    expect(first.body.data).toMatchObject({
      name: 'Test search',
      slug_name: 'test_search',
      description: 'Searches somewhere else.',
      version: '0.1.0',
    });
    expect(first.body.data.config_fields[1]).toEqual({
      name: 'endpoint',
      type: 'input',
      title: 'Endpoint',
      description: '',
      required: true,
      value: '',
      ui_options: { input_type: 'url', placeholder: 'https://' },
    });
    expect(first.body.data.config_fields[2].options).toEqual([
      { label: 'Fast', value: 'fast' },
      { label: 'Exact', value: 'exact' },
    ]);
    expect(fields(first)).toEqual({ intro: null, endpoint: '', mode: 'fast', live: false, langs: [], limit: '' });
    const save = await app.call('PUT', `${A}/plugin/config`, {
      token: admin,
      body: {
        plugin_slug_name: 'test_search',
        config_fields: {
          endpoint: 'https://search.example.com',
          mode: 'exact',
          live: true,
          langs: ['de', 'de'],
          limit: 25,
          extra: 'dropped',
        },
      },
    });
    expect(save.body).toMatchObject({ code: 200, data: null });
    const after = await app.call('GET', `${A}/plugin/config?plugin_slug_name=test_search`, { token: admin });
    expect(fields(after)).toEqual({
      intro: null,
      endpoint: 'https://search.example.com',
      mode: 'exact',
      live: true,
      langs: ['de'],
      limit: '25',
    });
  });

  it("works for a plugin that is switched off: the captcha's proof-of-work difficulty, with its default", async () => {
    const captcha = await app.call('GET', `${A}/plugin/config?plugin_slug_name=lantern_captcha`, { token: admin });
    expect(captcha.body.data).toMatchObject({
      name: 'Captcha',
      slug_name: 'lantern_captcha',
      version: '1.0.0',
      config_fields: [{ name: 'max_number', type: 'input', value: '2000', ui_options: { input_type: 'number' } }],
    });
    expect((await app.call('PUT', `${A}/plugin/config`, { token: admin, body: { plugin_slug_name: 'lantern_captcha' } })).status).toBe(200);
    const bad = await app.call('PUT', `${A}/plugin/config`, {
      token: admin,
      body: { plugin_slug_name: 'lantern_captcha', config_fields: { max_number: 'lots' } },
    });
    expect(bad.body).toMatchObject({ code: 400, data: [{ error_field: 'max_number' }] });
  });

  it('answers an unknown plugin as the reference (empty form) but will not store settings for it', async () => {
    const r = await app.call('GET', `${A}/plugin/config?plugin_slug_name=nope`, { token: admin });
    expect(r.body.data).toEqual({ name: '', slug_name: '', description: '', version: '', config_fields: null });
    const put = await app.call('PUT', `${A}/plugin/config`, { token: admin, body: { plugin_slug_name: 'nope', config_fields: {} } });
    expect(put.body).toMatchObject({ code: 404, reason: 'error.plugin.not_found' });
    expect((await app.call('GET', `${A}/plugin/config`, { token: admin })).body.data).toEqual([
      { error_field: 'plugin_slug_name', error_msg: 'Plugin cannot be empty.' },
    ]);
  });

  it('checks each field', async () => {
    const put = (config_fields: unknown) =>
      app.call('PUT', `${A}/plugin/config`, { token: admin, body: { plugin_slug_name: 'test_search', config_fields } });
    const good = { endpoint: 'https://a.example.com' };
    const cases: [unknown, { error_field: string; error_msg: string }[]][] = [
      [{}, [{ error_field: 'endpoint', error_msg: 'Endpoint cannot be empty.' }]],
      [{ endpoint: '   ' }, [{ error_field: 'endpoint', error_msg: 'Endpoint cannot be empty.' }]],
      [{ endpoint: 'x'.repeat(51) }, [{ error_field: 'endpoint', error_msg: 'Endpoint up to 50 characters.' }]],
      [{ endpoint: 7 }, [{ error_field: 'endpoint', error_msg: 'Endpoint is not valid.' }]],
      [{ ...good, mode: 'slow' }, [{ error_field: 'mode', error_msg: 'Mode must be one of the offered options.' }]],
      [{ ...good, live: 'yes' }, [{ error_field: 'live', error_msg: 'Live updates is not valid.' }]],
      [{ ...good, langs: ['fr'] }, [{ error_field: 'langs', error_msg: 'Languages must be one of the offered options.' }]],
      [{ ...good, langs: 'en' }, [{ error_field: 'langs', error_msg: 'Languages is not valid.' }]],
      [{ ...good, limit: 'many' }, [{ error_field: 'limit', error_msg: 'Limit is not valid.' }]],
      [
        { mode: 'slow', live: 1 },
        [
          { error_field: 'endpoint', error_msg: 'Endpoint cannot be empty.' },
          { error_field: 'mode', error_msg: 'Mode must be one of the offered options.' },
          { error_field: 'live', error_msg: 'Live updates is not valid.' },
        ],
      ],
    ];
    for (const [config, errors] of cases) {
      const r = await put(config);
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual(errors);
    }
    for (const notObject of ['text', [1, 2], 5]) {
      const r = await put(notObject);
      expect(r.body.data).toEqual([{ error_field: 'config_fields', error_msg: 'Configuration is not valid.' }]);
    }
    expect(fields(await app.call('GET', `${A}/plugin/config?plugin_slug_name=test_search`, { token: admin })).endpoint).toBe('');
  });
});

describe('personal plugin settings', () => {
  it('lists only plugins that are on and have a personal form; each user has their own values', async () => {
    pluginRegistry(app.lantern.ctx).register(searchPlugin);
    const u = await makeUser(app);
    const v = await makeUser(app);
    expect((await app.call('GET', `${V1}/user/plugin/configs`, { token: u.token })).body.data).toEqual([]);
    expect((await app.call('GET', `${V1}/user/plugin/config?plugin_slug_name=test_search`, { token: u.token })).body.data.slug_name).toBe(
      '',
    );
    expect(
      (
        await app.call('PUT', `${V1}/user/plugin/config`, {
          token: u.token,
          body: { plugin_slug_name: 'test_search', config_fields: { nickname: 'Zed' } },
        })
      ).status,
    ).toBe(404);
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'test_search', enabled: true } });
    expect((await app.call('GET', `${V1}/user/plugin/configs`, { token: u.token })).body.data).toEqual([
      { name: 'Test search', slug_name: 'test_search' },
    ]);
    const saved = await app.call('PUT', `${V1}/user/plugin/config`, {
      token: u.token,
      body: { plugin_slug_name: 'test_search', config_fields: { nickname: 'Zed' } },
    });
    expect(saved.status).toBe(200);
    const mine = await app.call('GET', `${V1}/user/plugin/config?plugin_slug_name=test_search`, { token: u.token });
    expect(mine.body.data).toMatchObject({ slug_name: 'test_search', config_fields: [{ name: 'nickname', value: 'Zed', required: true }] });
    expect(
      (await app.call('GET', `${V1}/user/plugin/config?plugin_slug_name=test_search`, { token: v.token })).body.data.config_fields[0].value,
    ).toBe('');
    const bad = await app.call('PUT', `${V1}/user/plugin/config`, {
      token: u.token,
      body: { plugin_slug_name: 'test_search', config_fields: { nickname: '' } },
    });
    expect(bad.body.data).toEqual([{ error_field: 'nickname', error_msg: 'Nickname cannot be empty.' }]);
  });

  it('needs an active login', async () => {
    const inactive = await makeUser(app, { mailStatus: 2 });
    for (const [method, path, body] of [
      ['GET', `${V1}/user/plugin/configs`],
      ['GET', `${V1}/user/plugin/config?plugin_slug_name=test_search`],
      ['PUT', `${V1}/user/plugin/config`, { plugin_slug_name: 'test_search', config_fields: {} }],
    ] as const) {
      expect((await app.call(method, path, { body })).status).toBe(401);
      const r = await app.call(method, path, { body, token: inactive.token });
      expect(r.status).toBe(403);
      expect(r.body.data).toEqual({ type: 'inactive' });
    }
    const u = await makeUser(app);
    expect((await app.call('GET', `${V1}/user/plugin/config`, { token: u.token })).body.data).toEqual([
      { error_field: 'plugin_slug_name', error_msg: 'Plugin cannot be empty.' },
    ]);
  });
});

describe('public plugin configs', () => {
  it('answers embed and render config as the reference without such plugins', async () => {
    expect((await app.call('GET', `${V1}/embed/config`)).body).toMatchObject({ code: 200, data: [] });
    expect((await app.call('GET', `${V1}/render/config`)).body).toMatchObject({ code: 200, data: null });
  });

  it('serves the embed platforms and the render theme of plugins that are on', async () => {
    const embed: EmbedPlugin = {
      slug_name: 'test_embed',
      name: 'Embeds',
      description: '',
      version: '1',
      kind: 'embed',
      defaultEnabled: true,
      configFields: [
        { name: 'youtube', type: 'switch', title: 'YouTube', default: true },
        { name: 'vimeo', type: 'switch', title: 'Vimeo' },
        { name: 'note', type: 'input', title: 'Note' },
      ],
    };
    const render: RenderPlugin = {
      slug_name: 'test_render',
      name: 'Render',
      description: '',
      version: '1',
      kind: 'render',
      defaultEnabled: true,
      configFields: [
        {
          name: 'theme',
          type: 'select',
          title: 'Theme',
          options: [
            { label: 'Light', value: 'github' },
            { label: 'Dark', value: 'dracula' },
          ],
          default: 'github',
        },
      ],
      renderConfig: (c) => ({ select_theme: String(c.theme) }),
    };
    pluginRegistry(app.lantern.ctx).register(embed);
    pluginRegistry(app.lantern.ctx).register(render);
    expect((await app.call('GET', `${V1}/embed/config`)).body.data).toEqual([
      { platform: 'youtube', enable: true },
      { platform: 'vimeo', enable: false },
    ]);
    expect((await app.call('GET', `${V1}/render/config`)).body.data).toEqual({ select_theme: 'github' });
    await app.call('PUT', `${A}/plugin/config`, {
      token: admin,
      body: { plugin_slug_name: 'test_render', config_fields: { theme: 'dracula' } },
    });
    expect((await app.call('GET', `${V1}/render/config`)).body.data).toEqual({ select_theme: 'dracula' });
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'test_embed', enabled: false } });
    expect((await app.call('GET', `${V1}/embed/config`)).body.data).toEqual([]);
  });
});

describe('route plugins', () => {
  const routes: RoutePlugin = {
    slug_name: 'test_routes',
    name: 'Routes',
    description: '',
    version: '1',
    kind: 'route',
    defaultEnabled: true,
    configFields: [{ name: 'greeting', type: 'input', title: 'Greeting', default: 'hello' }],
    routes: [
      {
        method: 'GET',
        path: '/hello',
        access: 'public',
        handle: ({ config, query }) => ({ text: `${String(config.greeting)} ${query.name ?? 'world'}` }),
      },
      {
        method: 'POST',
        path: '/mine',
        access: 'active',
        handle: ({ res }) => ({ user: String((res.locals.session as { user: { id: number } }).user.id) }),
      },
      { method: 'GET', path: '/stats', access: 'admin', handle: () => ({ ok: true }) },
    ],
  };

  it('serves the routes while the plugin is on, with their access levels', async () => {
    pluginRegistry(app.lantern.ctx).register(routes);
    expect((await app.call('GET', `${V1}/plugin/route/test_routes/hello?name=Ann`)).body).toMatchObject({
      code: 200,
      data: { text: 'hello Ann' },
    });
    expect((await app.call('POST', `${V1}/plugin/route/test_routes/mine`)).status).toBe(401);
    const u = await makeUser(app);
    expect((await app.call('POST', `${V1}/plugin/route/test_routes/mine`, { token: u.token })).body.data).toEqual({ user: String(u.id) });
    expect((await app.call('GET', `${A}/plugin/route/test_routes/stats`, { token: u.token })).status).toBe(403);
    expect((await app.call('GET', `${A}/plugin/route/test_routes/stats`, { token: admin })).body.data).toEqual({ ok: true });
    // wrong method, wrong router, unknown path: not found
    expect((await app.call('GET', `${V1}/plugin/route/test_routes/mine`)).status).toBe(404);
    expect((await app.call('GET', `${V1}/plugin/route/test_routes/stats`, { token: admin })).status).toBe(404);
    expect((await app.call('GET', `${V1}/plugin/route/test_routes/nope`)).status).toBe(404);
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'test_routes', enabled: false } });
    expect((await app.call('GET', `${V1}/plugin/route/test_routes/hello`)).status).toBe(404);
  });
});
