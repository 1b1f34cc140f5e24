import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminToken, captchaFor } from '../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';

// SQLite has one connection: whatever runs while a transaction is open makes every other request
// wait. Password hashing (~100 ms) and markdown rendering must happen before the transaction.
const probe = vi.hoisted(() => ({ inTransaction: (): boolean => false, renders: [] as boolean[] }));

vi.mock('../infra/markdown/render.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../infra/markdown/render.js')>();
  return {
    ...real,
    renderMarkdown(source: string) {
      probe.renders.push(probe.inTransaction());
      return real.renderMarkdown(source);
    },
  };
});

let app: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  probe.renders = [];
  await app?.stop();
  app = undefined;
});

/** Records, for each password hash, whether a transaction was open when it started. */
function watchHashing(target: TestApp): boolean[] {
  const seen: boolean[] = [];
  const passwords = target.lantern.ctx.passwords;
  const real = passwords.hash.bind(passwords);
  vi.spyOn(passwords, 'hash').mockImplementation((s: string) => {
    seen.push(target.lantern.ctx.dialect.inTransaction());
    return real(s);
  });
  return seen;
}

describe('no slow work while a transaction is open', () => {
  it('registration hashes the password before its transaction', async () => {
    app = await startTestApp();
    const seen = watchHashing(app);
    const r = await app.call('POST', '/answer/api/v1/user/register/email', {
      body: { name: 'Slow Hash', e_mail: 'slow@example.com', pass: 'password-123', ...(await captchaFor(app, 'email')) },
    });
    expect(r.status).toBe(200);
    expect(seen).toEqual([false]);
  });

  it('the installer hashes the admin password before its transaction', async () => {
    app = await startTestApp({ install: false });
    const seen = watchHashing(app);
    const r = await app.call('POST', '/installation/base-info', {
      body: {
        lang: 'en_US',
        site_name: 'Team',
        site_url: 'http://127.0.0.1:9080',
        contact_email: 'team@example.com',
        name: 'Team Admin',
        password: 'correct horse',
        email: 'admin@example.com',
        login_required: false,
        external_content_display: 'always_display',
      },
    });
    expect(r.status).toBe(200);
    expect(seen).toEqual([false]);
  });

  it('adding a tag renders its description before the transaction', async () => {
    app = await startTestApp();
    const ctx = app.lantern.ctx;
    const token = await adminToken(app);
    probe.inTransaction = () => ctx.dialect.inTransaction();
    const made = await app.call('POST', '/answer/api/v1/tag', {
      token,
      body: { slug_name: 'wal', display_name: 'WAL', original_text: 'Write-*ahead* log.' },
    });
    expect(made.status).toBe(200);
    const tag = await ctx.db.selectFrom('tag').select('parsed_text').where('slug_name', '=', 'wal').executeTakeFirstOrThrow();
    expect(tag.parsed_text).toContain('<em>ahead</em>');
    expect(probe.renders.length).toBeGreaterThan(0);
    expect(probe.renders).not.toContain(true);
  });

  it('editing a tag renders its description before the transaction', async () => {
    app = await startTestApp();
    const ctx = app.lantern.ctx;
    const token = await adminToken(app);
    const made = await app.call('POST', '/answer/api/v1/tag', {
      token,
      body: { slug_name: 'sqlite', display_name: 'SQLite', original_text: '' },
    });
    expect(made.status).toBe(200);
    const { id } = await ctx.db.selectFrom('tag').select('id').where('slug_name', '=', 'sqlite').executeTakeFirstOrThrow();
    probe.inTransaction = () => ctx.dialect.inTransaction();
    const r = await app.call('PUT', '/answer/api/v1/tag', {
      token,
      body: { tag_id: id, original_text: 'An **embedded** database engine.' },
    });
    expect(r.status).toBe(200);
    const tag = await ctx.db.selectFrom('tag').select('parsed_text').where('id', '=', id).executeTakeFirstOrThrow();
    expect(tag.parsed_text).toContain('<strong>embedded</strong>');
    expect(probe.renders.length).toBeGreaterThan(0);
    expect(probe.renders).not.toContain(true);
  });
});
