import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let admin: string;
beforeEach(async () => {
  app = await startTestApp();
  admin = await adminToken(app);
});
afterEach(async () => app.stop());

const A = '/answer/admin/api';

describe('default terms of service and privacy policy', () => {
  it('a new site has both, as markdown and rendered HTML, where sign-up says "you agree to the terms"', async () => {
    const tos = (await app.call('GET', '/answer/api/v1/siteinfo/legal?info_type=tos')).body.data;
    expect(tos.terms_of_service_original_text).toMatch(/^This site is a question-and-answer site/);
    expect(tos.terms_of_service_parsed_text).toContain('Your account</h2>');
    expect(tos.terms_of_service_parsed_text.length).toBeGreaterThan(500);
    // the page draws its own title, so the text has no h1 of its own; its paragraphs are not broken mid-sentence
    expect(tos.terms_of_service_parsed_text).not.toContain('<h1');
    expect(tos.terms_of_service_parsed_text).not.toContain('<br');
    const privacy = (await app.call('GET', '/answer/api/v1/siteinfo/legal?info_type=privacy')).body.data;
    expect(privacy.privacy_policy_original_text).toMatch(/^This site runs on its team's own computer or server/);
    expect(privacy.privacy_policy_parsed_text).toContain('What is kept</h2>');
    expect(privacy.privacy_policy_parsed_text).not.toContain('<h1');
    expect(privacy.privacy_policy_parsed_text).not.toContain('<br');
    // the admin sees the same texts to edit
    const adminView = (await app.call('GET', `${A}/siteinfo/legal`, { token: admin })).body.data;
    expect(adminView.terms_of_service_original_text).toBe(tos.terms_of_service_original_text);
    expect(adminView.privacy_policy_parsed_text).toBe(privacy.privacy_policy_parsed_text);
  });

  it("an existing site whose texts are empty gets the defaults, and the admin's own texts replace them", async () => {
    await app.lantern.ctx.settings.put('legal', {
      terms_of_service_original_text: '',
      terms_of_service_parsed_text: '',
      privacy_policy_original_text: '',
      privacy_policy_parsed_text: '',
      external_content_display: 'always_display',
    });
    const tos = (await app.call('GET', '/answer/api/v1/siteinfo/legal?info_type=tos')).body.data;
    expect(tos.terms_of_service_original_text).toMatch(/^This site is a question-and-answer site/);
    const put = await app.call('PUT', `${A}/siteinfo/legal`, {
      token: admin,
      body: {
        terms_of_service_original_text: 'Our own terms.',
        privacy_policy_original_text: 'Our own privacy.',
        external_content_display: 'always_display',
      },
    });
    expect(put.status).toBe(200);
    expect((await app.call('GET', '/answer/api/v1/siteinfo/legal?info_type=tos')).body.data).toEqual({
      terms_of_service_original_text: 'Our own terms.',
      terms_of_service_parsed_text: '<p>Our own terms.</p>',
    });
  });
});

describe('GET /answer/api/v1/siteinfo', () => {
  it('answers every group with the install values and defaults', async () => {
    const r = await app.call('GET', '/answer/api/v1/siteinfo');
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.general).toMatchObject({
      name: 'Test Site',
      site_url: 'http://127.0.0.1',
      contact_email: 'contact@example.com',
      check_update: true,
    });
    expect(d.interface).toEqual({ language: 'en_US', time_zone: 'UTC' });
    expect(d.login).toMatchObject({
      allow_new_registrations: true,
      allow_email_registrations: true,
      allow_password_login: true,
      login_required: false,
    });
    expect(d.theme).toMatchObject({ theme: 'default', theme_options: [{ label: 'Default', value: 'default' }] });
    expect(d.theme.theme_config.default.primary_color).toBe('#0033ff');
    expect(d.site_seo.permalink).toBe(2);
    // a new site uses the built-in letter avatar (no member's email hash goes to a third party)
    expect(d.site_users).toMatchObject({ default_avatar: 'system', gravatar_base_url: 'https://www.gravatar.com/avatar/' });
    expect(d.site_write).toMatchObject({ restrict_answer: true, required_tag: false, max_image_size: 4 });
    expect(d.site_legal).toEqual({ external_content_display: 'always_display' });
    expect(d.custom_css_html).toEqual({ custom_head: '', custom_css: '', custom_header: '', custom_footer: '', custom_sidebar: '' });
    expect(typeof d.version).toBe('string');
  });

  it('answers siteinfo/legal with only the pair asked for, and refuses another type', async () => {
    await app.call('PUT', `${A}/siteinfo/legal`, {
      token: admin,
      body: {
        terms_of_service_original_text: '# Terms\n\nBe **kind**.',
        privacy_policy_original_text: 'Private.',
        external_content_display: 'ask_before_display',
      },
    });
    const tos = await app.call('GET', '/answer/api/v1/siteinfo/legal?info_type=tos');
    expect(Object.keys(tos.body.data).sort()).toEqual(['terms_of_service_original_text', 'terms_of_service_parsed_text']);
    expect(tos.body.data.terms_of_service_parsed_text).toContain('<strong>kind</strong>');
    const bad = await app.call('GET', '/answer/api/v1/siteinfo/legal?info_type=x');
    expect(bad.status).toBe(400);
    expect(bad.body.data[0].error_field).toBe('info_type');
  });
});

describe('admin siteinfo groups', () => {
  const groups = ['general', 'interface', 'branding', 'write', 'legal', 'seo', 'login', 'custom-css-html', 'theme', 'users'];

  it.each(groups)('GET and PUT siteinfo/%s refuse anonymous, users and moderators', async (g) => {
    const user = await makeUser(app);
    const mod = await makeUser(app, { roleId: 3 });
    for (const method of ['GET', 'PUT']) {
      expect((await app.call(method, `${A}/siteinfo/${g}`, { body: method === 'PUT' ? {} : undefined })).status).toBe(401);
      expect((await app.call(method, `${A}/siteinfo/${g}`, { token: user.token, body: method === 'PUT' ? {} : undefined })).status).toBe(
        403,
      );
      expect((await app.call(method, `${A}/siteinfo/${g}`, { token: mod.token, body: method === 'PUT' ? {} : undefined })).status).toBe(
        403,
      );
    }
  });

  it('PUT general saves a normalised URL and echoes the request, escaped', async () => {
    const body = {
      name: 'Team <b>QA</b>',
      short_description: 'short',
      description: 'desc',
      site_url: 'https://qa.example.com/base/',
      contact_email: 'qa@example.com',
      check_update: false,
    };
    const r = await app.call('PUT', `${A}/siteinfo/general`, { token: admin, body });
    expect(r.status).toBe(200);
    expect(r.body.data.name).toBe('Team QA');
    const got = await app.call('GET', `${A}/siteinfo/general`, { token: admin });
    expect(got.body.data).toMatchObject({ name: 'Team QA', site_url: 'https://qa.example.com/base', check_update: false });
  });

  it.each([
    ['general', { name: '', site_url: 'http://x.io', contact_email: 'a@b.co' }, 'name', 'Name cannot be empty.'],
    ['general', { name: 'x'.repeat(31), site_url: 'http://x.io', contact_email: 'a@b.co' }, 'name', 'Name up to 30 characters.'],
    ['general', { name: 'ok', site_url: 'nope', contact_email: 'a@b.co' }, 'site_url', 'URL format is incorrect.'],
    ['general', { name: 'ok', site_url: 'http://x.io', contact_email: 'bad' }, 'contact_email', 'Invalid Email Address.'],
    ['interface', { language: 'xx_XX', time_zone: 'UTC' }, 'language', 'Language file not found.'],
    ['interface', { language: 'en_US', time_zone: 'Mars/Base' }, 'time_zone', 'Timezone is not valid.'],
    ['branding', { logo: 'javascript:alert(1)' }, 'logo', 'URL format is incorrect.'],
    [
      'write',
      { recommend_tags: [{ slug_name: 'go' }], reserved_tags: [{ slug_name: 'go' }] },
      'recommend_tags',
      'Recommended tags cannot contain reserved tags.',
    ],
    ['write', { max_image_size: 0 }, 'max_image_size', 'Max image size must be 1 or greater.'],
    ['legal', {}, 'external_content_display', 'External content must be one of: always_display, ask_before_display.'],
    ['seo', { permalink: 5, robots: '' }, 'permalink', 'Permalink must be between 1 and 4.'],
    ['login', { allow_email_domains: ['not a domain'] }, 'allow_email_domains.0', 'Allow email domains.0 is not valid.'],
    ['custom-css-html', { custom_css: 'x'.repeat(65537) }, 'custom_css', 'Custom css up to 65536 characters.'],
    ['theme', { theme: 'fancy' }, 'theme', 'Theme not found.'],
    ['users', { default_avatar: 'emoji' }, 'default_avatar', 'Default avatar must be one of: system, gravatar.'],
  ])('PUT siteinfo/%s %j is refused on %s', async (g, body, field, message) => {
    const r = await app.call('PUT', `${A}/siteinfo/${g}`, { token: admin, body });
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('PUT login with login_required turns on private mode for robots.txt', async () => {
    expect(
      (await app.call('PUT', `${A}/siteinfo/login`, { token: admin, body: { login_required: true, allow_email_domains: ['Example.COM'] } }))
        .status,
    ).toBe(200);
    const got = await app.call('GET', `${A}/siteinfo/login`, { token: admin });
    expect(got.body.data).toMatchObject({ login_required: true, allow_email_domains: ['example.com'], allow_new_registrations: true });
    const robots = await app.call('GET', '/robots.txt');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('serves robots.txt with the sitemap line and custom.css as CSS', async () => {
    const robots = await app.call('GET', '/robots.txt');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Sitemap: http://127.0.0.1/sitemap.xml');
    await app.call('PUT', `${A}/siteinfo/custom-css-html`, { token: admin, body: { custom_css: 'body{color:red}' } });
    const css = await app.call('GET', '/custom.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(css.body).toBe('body{color:red}');
  });

  it('PUT theme and users round-trip', async () => {
    await app.call('PUT', `${A}/siteinfo/theme`, {
      token: admin,
      body: { theme: 'default', color_scheme: 'dark', theme_config: { default: { navbar_style: '#111111', primary_color: '#222222' } } },
    });
    const theme = await app.call('GET', `${A}/siteinfo/theme`, { token: admin });
    expect(theme.body.data).toMatchObject({ color_scheme: 'dark', theme_options: [{ value: 'default' }] });
    await app.call('PUT', `${A}/siteinfo/users`, { token: admin, body: { default_avatar: 'gravatar', allow_update_bio: false } });
    const site = await app.call('GET', '/answer/api/v1/siteinfo');
    expect(site.body.data.site_users).toMatchObject({ default_avatar: 'gravatar', allow_update_bio: false, allow_update_username: true });
    expect((await app.call('GET', `${A}/theme/options`, { token: admin })).body.data).toEqual([{ label: 'Default', value: 'default' }]);
  });
});

describe('plugins', () => {
  it('lists the built-in captcha plugin, off by default', async () => {
    const r = await app.call('GET', '/answer/api/v1/plugin/status');
    expect(r.body.data).toEqual([
      { slug_name: 'lantern_captcha', enabled: false },
      { slug_name: 'lantern_reviewer', enabled: false },
    ]);
  });
});
