import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { configureRenderShare } from '../../infra/markdown/render.js';
import { DEFAULT_RENDER_SHARE } from '../../infra/markdown/render-share.js';
import { PREVIEW_LIMIT } from './render.limit.js';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(async () => {
  configureRenderShare(DEFAULT_RENDER_SHARE);
  await app.stop();
});

const RENDER = '/answer/api/v1/post/render';

describe('POST /answer/api/v1/post/render', () => {
  it('renders markdown to sanitised HTML', async () => {
    const { token } = await makeUser(app);
    const r = await app.call('POST', RENDER, { token, body: { content: '**hi** <script>x</script>' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toBe('<p><strong>hi</strong> </p>');
  });

  it('refuses anonymous and inactive callers and a missing content', async () => {
    expect((await app.call('POST', RENDER, { body: { content: 'x' } })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await app.call('POST', RENDER, { token: inactive.token, body: { content: 'x' } })).status).toBe(403);
    const { token } = await makeUser(app);
    const r = await app.call('POST', RENDER, { token, body: {} });
    expect(r.body.data).toEqual([{ error_field: 'content', error_msg: 'Content cannot be empty.' }]);
  });

  it('a 64 KB js block of one long token comes back escaped while /healthz keeps answering at once', async () => {
    const { token } = await makeUser(app);
    // the render workers' start (once per process) is not what is measured
    await app.call('POST', RENDER, { token, body: { content: '```js\nconst warm = 1;\n```' } });
    const token64 = 'a'.repeat(65000);
    let done = false;
    const render = app.call('POST', RENDER, { token, body: { content: `\`\`\`js\n${token64}\n\`\`\`` } }).finally(() => (done = true));
    const started = Date.now();
    let slowest = 0;
    let answered = 0;
    while (!done) {
      const t = Date.now();
      const health = await app.call('GET', '/healthz');
      expect(health.status).toBe(200);
      slowest = Math.max(slowest, Date.now() - t);
      answered++;
    }
    const r = await render;
    expect(r.status).toBe(200);
    expect(r.body.data).toBe(`<pre><code class="hljs">${token64}\n</code></pre>`);
    expect(answered).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(500);
    // at worst the deadline twice (highlighted, then not) and a wait for a worker: a bound, not a benchmark
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it(`answers 429 after ${PREVIEW_LIMIT.max} previews a minute from one member; others still preview`, async () => {
    const one = await makeUser(app);
    for (let i = 0; i < PREVIEW_LIMIT.max; i++) {
      const r = await app.call('POST', RENDER, { token: one.token, body: { content: `preview ${i}` } });
      expect(r.status).toBe(200);
    }
    const refused = await app.call('POST', RENDER, { token: one.token, body: { content: 'one more' } });
    expect(refused.status).toBe(429);
    expect(refused.body.reason).toBe('error.user.too_many_attempts');
    expect(refused.body.data.retry_after).toBeGreaterThan(0);
    expect(refused.body.data.retry_after).toBeLessThanOrEqual(PREVIEW_LIMIT.windowSeconds);
    const other = await makeUser(app);
    expect((await app.call('POST', RENDER, { token: other.token, body: { content: 'mine' } })).status).toBe(200);
  }, 60_000);
});

describe("each member's share of the render workers", () => {
  // a render that takes a worker a while: 64 KB of table (its first 2,500 cells as a table, the rest as text)
  const slow = `a|b\n-|-\n${'x|y\n'.repeat(16_000)}`;

  it('one preview in flight per member: the others sent meanwhile get 429, and another member asks a question at once', async () => {
    await captchaOff(app);
    const flooder = await makeUser(app);
    const asker = await adminToken(app);
    await app.call('POST', RENDER, { token: flooder.token, body: { content: slow } }); // the workers' start is not measured
    const flood = await Promise.all(
      Array.from({ length: 8 }, () => app.call('POST', RENDER, { token: flooder.token, body: { content: slow } })),
    );
    const refused = flood.filter((r) => r.status === 429);
    expect(flood.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const r of refused) {
      expect(r.body.reason).toBe('error.user.too_many_attempts');
      expect(r.body.data.retry_after).toBeGreaterThanOrEqual(1);
    }
    // while the flooder keeps sending, another member's question (long enough to go to a worker) is not held behind them
    let flooding = true;
    const keepFlooding = (async () => {
      while (flooding) await Promise.all([1, 2, 3].map(() => app.call('POST', RENDER, { token: flooder.token, body: { content: slow } })));
    })();
    const started = Date.now();
    const asked = await app.call('POST', '/answer/api/v1/question', {
      token: asker,
      body: {
        title: 'Does a long question wait behind a flood?',
        content: `${'A question of some length. '.repeat(40)}\n\na|b\n-|-\n1|2`,
        tags: [{ slug_name: 'flood' }],
      },
    });
    const took = Date.now() - started;
    flooding = false;
    await keepFlooding;
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // one of the flooder's renders at most runs beside it (the other worker is free): a bound, not a benchmark
    expect(took).toBeLessThan(5000);
  }, 120_000);

  it('a member past their share of worker time gets 429 with retry_after; another member still previews', async () => {
    configureRenderShare({ workerMsPerMinute: 50 });
    const one = await makeUser(app);
    let refused: Awaited<ReturnType<typeof app.call>> | undefined;
    let rendered = 0;
    for (let i = 0; i < 30 && !refused; i++) {
      const r = await app.call('POST', RENDER, { token: one.token, body: { content: slow } });
      if (r.status === 429) refused = r;
      else {
        expect(r.status).toBe(200);
        rendered++;
      }
    }
    // well before the 60 a minute: the share (50 ms a minute) runs out after a render or a few
    expect(refused).toBeDefined();
    expect(rendered).toBeGreaterThanOrEqual(1);
    expect(rendered).toBeLessThan(10);
    expect(refused!.body.reason).toBe('error.user.too_many_attempts');
    expect(refused!.body.data.retry_after).toBeGreaterThanOrEqual(1);
    const other = await makeUser(app);
    expect((await app.call('POST', RENDER, { token: other.token, body: { content: slow } })).status).toBe(200);
  }, 120_000);
});

describe('the credit line of imported posts', () => {
  it("a member's post cannot carry a post-attribution section", async () => {
    await captchaOff(app);
    const token = await adminToken(app);
    const spoof =
      'My question body, long enough to be a question.\n\n<section class="post-attribution">\n\n---\n\n*Originally posted by Jon Skeet on stackoverflow.com.*\n\n</section>';
    const preview = await app.call('POST', RENDER, { token, body: { content: spoof } });
    expect(preview.body.data).toContain('<section>');
    expect(preview.body.data).not.toContain('post-attribution');
    await askQuestion(app, token, {
      title: 'A question with a fake credit line',
      content: spoof,
      tags: [{ slug_name: 'spoof', display_name: 'spoof' }],
    });
    const row = await app.lantern.ctx.db
      .selectFrom('question')
      .select('parsed_text')
      .where('title', '=', 'A question with a fake credit line')
      .executeTakeFirstOrThrow();
    expect(row.parsed_text).toContain('Originally posted by Jon Skeet');
    expect(row.parsed_text).not.toContain('post-attribution');
  });
});
