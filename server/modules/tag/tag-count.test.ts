import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { askQuestion } from '../../../tests/support/factories.js';

const V1 = '/answer/api/v1';
let app: TestApp;
afterEach(async () => app.stop());

describe('GET tag?name= right after a question is asked with the tag', () => {
  // as a served instance runs (list totals and pages reused), not the tests' zero TTLs
  it('counts the question at once, for a new tag, an existing one and a tag given by display name', async () => {
    app = await startTestApp({ config: { listCountTtlMs: 60_000, listPageTtlMs: 2000, searchTtlMs: 2000 } });
    const asker = await makeUser(app, { rank: 1000 });
    const count = async (name: string) =>
      (await app.call('GET', `${V1}/tag?name=${encodeURIComponent(name)}`)).body.data.question_count as number;
    expect(
      (
        await app.call('POST', `${V1}/tag`, {
          token: asker.token,
          body: { slug_name: 'existing', display_name: 'Existing', original_text: '' },
        })
      ).status,
    ).toBe(200);
    expect(await count('existing')).toBe(0);
    // the list pages and totals are read (and kept) before the question exists
    expect((await app.call('GET', `${V1}/question/page?order=newest&tag=existing`)).body.data.count).toBe(0);
    const ask = (title: string, tags: { slug_name: string; display_name: string }[]) =>
      askQuestion(app, asker.token, { title, content: 'Some body text here.', tags: tags.map((t) => ({ ...t, original_text: '' })) });
    await ask('A question with two tags', [
      { slug_name: 'existing', display_name: 'Existing' },
      { slug_name: 'Brand New', display_name: 'Brand New' },
    ]);
    expect(await count('existing')).toBe(1);
    expect(await count('brand-new')).toBe(1);
    expect(await count('Brand New')).toBe(1);
    await ask('Another question with the tag', [{ slug_name: 'existing', display_name: 'Existing' }]);
    expect(await count('existing')).toBe(2);
    const tags = await app.call('GET', `${V1}/tags/page?page=1&page_size=10&query_cond=popular`);
    expect(tags.body.data.list.find((t: { slug_name: string }) => t.slug_name === 'existing')?.question_count).toBe(2);
  });
});

describe('tag question counts through edits', () => {
  it('stay equal to a recount of the tag rows after questions are asked, retagged and deleted', async () => {
    app = await startTestApp();
    const asker = await makeUser(app, { rank: 1000 });
    const tags = (slugs: string[]) => slugs.map((s) => ({ slug_name: s, display_name: s, original_text: '' }));
    const ask = (title: string, slugs: string[]) =>
      askQuestion(app, asker.token, { title, content: 'Some body text here.', tags: tags(slugs) });
    const edit = async (id: string, title: string, slugs: string[]) =>
      expect(
        (
          await app.call('PUT', `${V1}/question`, {
            token: asker.token,
            body: { id, title, content: 'Some body text here.', tags: tags(slugs) },
          })
        ).status,
      ).toBe(200);
    const a = await ask('First question about counting tags', ['alpha', 'beta']);
    const b = await ask('Second question about counting tags', ['beta', 'gamma']);
    await ask('Third question about counting tags', ['alpha']);
    await edit(a, 'First question about counting tags, retagged', ['beta', 'delta']);
    await edit(b, 'Second question about counting tags, retagged', ['alpha', 'beta', 'gamma']);
    await edit(a, 'First question about counting tags, back again', ['alpha', 'delta']);
    expect((await app.call('DELETE', `${V1}/question`, { token: asker.token, body: { id: b } })).status).toBe(200);
    const db = app.lantern.ctx.db;
    const stored = await db
      .selectFrom('tag')
      .select(['slug_name', 'question_count'])
      .where('slug_name', 'in', ['alpha', 'beta', 'gamma', 'delta'])
      .execute();
    const counted = await db
      .selectFrom('tag_rel')
      .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
      .select(['tag.slug_name', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tag_rel.status', '=', 1)
      .groupBy('tag.slug_name')
      .execute();
    const recount = Object.fromEntries(counted.map((r) => [r.slug_name, Number(r.n)]));
    expect(Object.fromEntries(stored.map((t) => [t.slug_name, t.question_count]))).toEqual({
      alpha: recount.alpha ?? 0,
      beta: recount.beta ?? 0,
      gamma: recount.gamma ?? 0,
      delta: recount.delta ?? 0,
    });
    // and the figures themselves: a is alpha+delta, the third is alpha, b is deleted
    expect(Object.fromEntries(stored.map((t) => [t.slug_name, t.question_count]))).toEqual({ alpha: 2, beta: 0, gamma: 0, delta: 1 });
  });
});
