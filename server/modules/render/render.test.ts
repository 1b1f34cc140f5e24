import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(async () => app.stop());

describe('POST /answer/api/v1/post/render', () => {
  it('renders markdown to sanitised HTML', async () => {
    const { token } = await makeUser(app);
    const r = await app.call('POST', '/answer/api/v1/post/render', { token, body: { content: '**hi** <script>x</script>' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toBe('<p><strong>hi</strong> </p>');
  });

  it('refuses anonymous and inactive callers and a missing content', async () => {
    expect((await app.call('POST', '/answer/api/v1/post/render', { body: { content: 'x' } })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await app.call('POST', '/answer/api/v1/post/render', { token: inactive.token, body: { content: 'x' } })).status).toBe(403);
    const { token } = await makeUser(app);
    const r = await app.call('POST', '/answer/api/v1/post/render', { token, body: {} });
    expect(r.body.data).toEqual([{ error_field: 'content', error_msg: 'Content cannot be empty.' }]);
  });
});
