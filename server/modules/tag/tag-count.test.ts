import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

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
      app.call('POST', `${V1}/question`, {
        token: asker.token,
        body: { title, content: 'Some body text here.', tags: tags.map((t) => ({ ...t, original_text: '' })) },
      });
    expect(
      (
        await ask('A question with two tags', [
          { slug_name: 'existing', display_name: 'Existing' },
          { slug_name: 'Brand New', display_name: 'Brand New' },
        ])
      ).status,
    ).toBe(200);
    expect(await count('existing')).toBe(1);
    expect(await count('brand-new')).toBe(1);
    expect(await count('Brand New')).toBe(1);
    expect((await ask('Another question with the tag', [{ slug_name: 'existing', display_name: 'Existing' }])).status).toBe(200);
    expect(await count('existing')).toBe(2);
    const tags = await app.call('GET', `${V1}/tags/page?page=1&page_size=10&query_cond=popular`);
    expect(tags.body.data.list.find((t: { slug_name: string }) => t.slug_name === 'existing')?.question_count).toBe(2);
  });
});
