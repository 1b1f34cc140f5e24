import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { systemClock } from './clock.js';

describe('the clock', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.stop();
  });

  it('is the real time, and the shared real clock cannot be replaced', () => {
    expect(Math.abs(systemClock.now() - Date.now() / 1000)).toBeLessThan(2);
    expect(() => {
      (systemClock as { now: () => number }).now = () => 0;
    }).toThrow(TypeError);
  });

  it("is each app's own: a test that moves one app's time moves no other app's", async () => {
    // a test once set ctx.clock.now on an app that had the shared clock, and every app started after it in the
    // same worker lived at that moment (the session purge then kept sessions that had expired)
    const moved = await startTestApp();
    apps.push(moved);
    moved.lantern.ctx.clock.now = () => 1_000;
    const other = await startTestApp();
    apps.push(other);
    expect(moved.lantern.ctx.clock.now()).toBe(1_000);
    expect(Math.abs(other.lantern.ctx.clock.now() - Date.now() / 1000)).toBeLessThan(2);
    expect(Math.abs(systemClock.now() - Date.now() / 1000)).toBeLessThan(2);
  });
});
