import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminToken, captchaFor } from '../../tests/support/accounts.js';
import { askQuestion } from '../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { BASE_INFO } from '../../tests/support/install-form.js';
import { importStackExchange } from '../modules/import/stackexchange.js';

// SQLite has one connection: whatever runs while a transaction is open makes every other request
// wait. Password hashing (~100 ms) and markdown rendering must happen before the transaction.
const probe = vi.hoisted(() => ({ inTransaction: (): boolean => false, renders: [] as boolean[] }));

vi.mock('../infra/markdown/render.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../infra/markdown/render.js')>();
  return {
    ...real,
    renderMarkdown(source: string, options?: Parameters<typeof real.renderMarkdown>[1]) {
      probe.renders.push(probe.inTransaction());
      return real.renderMarkdown(source, options);
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
        ...BASE_INFO,
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

  it("asking a question with a new tag renders the tag's description before the transaction", async () => {
    app = await startTestApp();
    const ctx = app.lantern.ctx;
    const token = await adminToken(app);
    probe.inTransaction = () => ctx.dialect.inTransaction();
    await askQuestion(app, token, {
      title: 'How do checkpoints work in WAL mode?',
      content: 'The log grows until a checkpoint copies it back into the database file.',
      tags: [{ slug_name: 'checkpoint', display_name: 'checkpoint', original_text: 'Copies the *log* back.' }],
    });
    const tag = await ctx.db.selectFrom('tag').select('parsed_text').where('slug_name', '=', 'checkpoint').executeTakeFirstOrThrow();
    expect(tag.parsed_text).toBe('<p>Copies the <em>log</em> back.</p>');
    expect(probe.renders.length).toBeGreaterThan(1);
    expect(probe.renders).not.toContain(true);
  });

  it('an import renders bios, posts, comments and revisions before each batch transaction', async () => {
    app = await startTestApp();
    const ctx = app.lantern.ctx;
    const dir = mkdtempSync(join(tmpdir(), 'lantern-se-'));
    const xml = (root: string, rows: string[]) =>
      `<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${rows.map((r) => `  <row ${r} />`).join('\n')}\n</${root}>\n`;
    const day = '2020-01-02T03:04:05.000';
    writeFileSync(
      join(dir, 'Users.xml'),
      xml('users', [
        `Id="1" Reputation="10" CreationDate="${day}" DisplayName="Ann" AboutMe="&lt;p&gt;I &lt;em&gt;like&lt;/em&gt; wicks&lt;/p&gt;"`,
      ]),
    );
    writeFileSync(
      join(dir, 'Posts.xml'),
      xml('posts', [
        `Id="1" PostTypeId="1" CreationDate="${day}" Score="1" Body="&lt;p&gt;How long should a &lt;b&gt;wick&lt;/b&gt; be?&lt;/p&gt;" OwnerUserId="1" Title="Wick length" Tags="&lt;wicks&gt;"`,
        // an author Users.xml does not have, credited by name twice (a placeholder account made once)
        `Id="2" PostTypeId="2" ParentId="1" CreationDate="${day}" Score="0" Body="&lt;p&gt;About a &lt;i&gt;finger&lt;/i&gt;.&lt;/p&gt;" OwnerUserId="7" OwnerDisplayName="Gone Person"`,
        `Id="3" PostTypeId="2" ParentId="1" CreationDate="${day}" Score="0" Body="&lt;p&gt;Shorter &lt;i&gt;still&lt;/i&gt;.&lt;/p&gt;" OwnerUserId="7" OwnerDisplayName="Gone Person"`,
      ]),
    );
    writeFileSync(
      join(dir, 'Comments.xml'),
      xml('comments', [`Id="1" PostId="1" Score="0" Text="Good *question*" CreationDate="${day}" UserDisplayName="Visitor"`]),
    );
    writeFileSync(
      join(dir, 'PostHistory.xml'),
      xml('posthistory', [
        `Id="1" PostHistoryTypeId="2" PostId="1" RevisionGUID="g1" CreationDate="${day}" UserId="1" Text="How long is a **wick**?"`,
        `Id="2" PostHistoryTypeId="5" PostId="1" RevisionGUID="g2" CreationDate="2020-01-03T03:04:05.000" UserId="1" Text="How long should a **wick** be?" Comment="wording"`,
      ]),
    );
    try {
      probe.inTransaction = () => ctx.dialect.inTransaction();
      const report = await importStackExchange(ctx.db, dir, { site: 'wicks.example.org', batchSize: 2 });
      expect(report.answers.imported).toBe(2);
      expect(report.comments.imported).toBe(1);
      expect(report.revisions).toBe(2);
      const bio = await ctx.db.selectFrom('user').select('bio_html').where('display_name', '=', 'Ann').executeTakeFirstOrThrow();
      expect(bio.bio_html).toContain('<em>like</em>');
      const answers = await ctx.db.selectFrom('answer').select('parsed_text').orderBy('id').execute();
      expect(answers[0]!.parsed_text).toContain('<em>finger</em>');
      expect(answers[1]!.parsed_text).toContain(
        'Originally posted by <a href="https://wicks.example.org/users/7" rel="nofollow noopener noreferrer">Gone Person</a>',
      );
      const comment = await ctx.db.selectFrom('comment').select('parsed_text').executeTakeFirstOrThrow();
      expect(comment.parsed_text).toContain('<em>question</em>');
      expect(comment.parsed_text).toContain('Visitor');
      // bios, bodies and credit lines, comments and the first revision: all before a transaction
      expect(probe.renders.length).toBeGreaterThanOrEqual(7);
      expect(probe.renders).not.toContain(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
