import { describe, expect, it, vi } from 'vitest';
import { createBridge } from './bridge';
import { CHANNELS } from './contract';

describe('the preload bridge', () => {
  it('exposes exactly the named functions', () => {
    const bridge = createBridge({ invoke: vi.fn() });
    expect(Object.keys(bridge).sort()).toEqual(['appInfo', 'clearToken', 'discoveredSites', 'getToken', 'pickImage', 'setToken']);
    for (const fn of Object.values(bridge)) expect(typeof fn).toBe('function');
  });

  it('calls invoke with the right channel and arguments', async () => {
    const invoke = vi.fn(async (channel: string) => (channel === CHANNELS.tokenGet ? 'tok' : null));
    const bridge = createBridge({ invoke });
    expect(await bridge.getToken()).toBe('tok');
    await bridge.setToken('abc');
    await bridge.clearToken();
    expect(await bridge.pickImage()).toBeNull();
    expect(await bridge.discoveredSites()).toBeNull();
    expect(invoke.mock.calls).toEqual([
      [CHANNELS.tokenGet],
      [CHANNELS.tokenSet, 'abc'],
      [CHANNELS.tokenClear],
      [CHANNELS.pickImage],
      [CHANNELS.discoveredSites],
    ]);
  });
});
