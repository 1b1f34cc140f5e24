import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAN_PORT, LanSwitch } from './lan-switch';

function mapStore(init: Record<string, unknown> = {}) {
  const m = new Map<string, unknown>(Object.entries(init));
  return { m, get: (k: string) => m.get(k), set: (k: string, v: unknown) => void m.set(k, v), delete: (k: string) => void m.delete(k) };
}

describe('the LAN switch', () => {
  it('is off by default: loopback on any port', () => {
    const s = new LanSwitch(mapStore(), () => {});
    expect(s.current()).toEqual({ enabled: false, port: DEFAULT_LAN_PORT });
    expect(s.binding()).toEqual({ host: '127.0.0.1', port: 0 });
  });

  it('remembers the setting and ignores a corrupt stored port', () => {
    expect(new LanSwitch(mapStore({ 'lan.enabled': true, 'lan.port': 9191 }), () => {}).binding()).toEqual({ host: '0.0.0.0', port: 9191 });
    expect(new LanSwitch(mapStore({ 'lan.enabled': true, 'lan.port': 'x' }), () => {}).current().port).toBe(DEFAULT_LAN_PORT);
    expect(new LanSwitch(mapStore({ 'lan.enabled': 'yes' }), () => {}).current().enabled).toBe(false);
  });

  it('rebinds the server on every interface, then back to loopback, and reports the new URL', async () => {
    const store = mapStore();
    const changed = vi.fn();
    const host = { rebind: vi.fn(async (h: string, p: number) => `http://127.0.0.1:${p || 43210}`) };
    const s = new LanSwitch(store, changed);
    expect(await s.set(host, { enabled: true, port: 9300 })).toBe('http://127.0.0.1:9300');
    expect(host.rebind).toHaveBeenLastCalledWith('0.0.0.0', 9300);
    expect(store.m.get('lan.enabled')).toBe(true);
    expect(changed).toHaveBeenLastCalledWith('http://127.0.0.1:9300', { enabled: true, port: 9300 });
    await s.set(host, { enabled: false, port: 9300 });
    expect(host.rebind).toHaveBeenLastCalledWith('127.0.0.1', 0);
    expect(changed).toHaveBeenLastCalledWith('http://127.0.0.1:43210', { enabled: false, port: 9300 });
  });

  it('adopts the binding the server fell back to, so the menu and the next launch match it', () => {
    const store = mapStore({ 'lan.enabled': true, 'lan.port': 9080 });
    const s = new LanSwitch(store, () => {});
    s.adopt({ host: '127.0.0.1', port: 0 });
    expect(s.current()).toEqual({ enabled: false, port: 9080 });
    expect(s.binding()).toEqual({ host: '127.0.0.1', port: 0 });
    s.adopt({ host: '0.0.0.0', port: 9191 });
    expect(s.current()).toEqual({ enabled: true, port: 9191 });
  });

  it('runs one switch at a time', async () => {
    const order: string[] = [];
    const host = {
      rebind: vi.fn(async (h: string) => {
        order.push(`start ${h}`);
        await new Promise((r) => setTimeout(r, 10));
        order.push(`end ${h}`);
        return 'http://127.0.0.1:9080';
      }),
    };
    const s = new LanSwitch(mapStore(), () => {});
    await Promise.all([s.set(host, { enabled: true, port: 9080 }), s.set(host, { enabled: false, port: 9080 })]);
    expect(order).toEqual(['start 0.0.0.0', 'end 0.0.0.0', 'start 127.0.0.1', 'end 127.0.0.1']);
  });
});
