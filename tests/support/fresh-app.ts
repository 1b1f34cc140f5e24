import { afterEach, beforeEach } from 'vitest';
import { adminToken, captchaOff } from './accounts.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Gives each test of the file a fresh installed app with the captcha off and the admin's token; stops it after the test. */
export function freshAppPerTest(ready: (app: TestApp, admin: string) => void): void {
  let app: TestApp | undefined;
  beforeEach(async () => {
    app = await startTestApp();
    await captchaOff(app);
    ready(app, await adminToken(app));
  });
  afterEach(async () => app?.stop());
}
