import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../src-preload/contract';
import { registerIpc } from './ipc';

function setup() {
  const registered = new Map<string, (event: any, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain = { handle: vi.fn((c: string, h: any) => registered.set(c, h)), removeHandler: vi.fn((c: string) => registered.delete(c)) };
  const handlers = {
    [CHANNELS.tokenGet]: vi.fn(() => 'tok'),
    [CHANNELS.tokenSet]: vi.fn(),
    [CHANNELS.tokenClear]: vi.fn(),
    [CHANNELS.pickImage]: vi.fn(() => null),
    [CHANNELS.appInfo]: vi.fn(() => ({ name: 'Lantern' })),
    [CHANNELS.discoveredSites]: vi.fn(() => []),
  };
  const unregister = registerIpc(ipcMain, handlers, () => 'http://127.0.0.1:4000');
  const mainFrame = { url: 'http://127.0.0.1:4000/questions' };
  const good = { sender: { mainFrame }, senderFrame: mainFrame };
  return { registered, handlers, good, unregister, ipcMain };
}

describe('IPC handlers', () => {
  it('registers exactly the lantern:* channels and unregisters them', () => {
    const { registered, unregister } = setup();
    expect([...registered.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
    unregister();
    expect(registered.size).toBe(0);
  });

  it('accepts a good call from the main frame of the server origin', async () => {
    const { registered, handlers, good } = setup();
    expect(await registered.get(CHANNELS.tokenGet)!(good)).toBe('tok');
    await registered.get(CHANNELS.tokenSet)!(good, 'abc');
    expect(handlers[CHANNELS.tokenSet]).toHaveBeenCalledWith('abc');
  });

  it('refuses a foreign origin and a subframe', async () => {
    const { registered, handlers } = setup();
    const evilFrame = { url: 'https://evil.example/' };
    await expect(registered.get(CHANNELS.tokenGet)!({ sender: { mainFrame: evilFrame }, senderFrame: evilFrame })).rejects.toThrow(
      /foreign sender/,
    );
    const sub = { url: 'http://127.0.0.1:4000/frame' };
    await expect(
      registered.get(CHANNELS.tokenGet)!({ sender: { mainFrame: { url: 'http://127.0.0.1:4000/' } }, senderFrame: sub }),
    ).rejects.toThrow(/foreign sender/);
    expect(handlers[CHANNELS.tokenGet]).not.toHaveBeenCalled();
  });

  it('refuses bad arguments', async () => {
    const { registered, handlers, good } = setup();
    await expect(registered.get(CHANNELS.tokenSet)!(good, 42)).rejects.toThrow(/bad arguments/);
    await expect(registered.get(CHANNELS.tokenSet)!(good, 'x'.repeat(600))).rejects.toThrow(/bad arguments/);
    await expect(registered.get(CHANNELS.tokenGet)!(good, 'extra')).rejects.toThrow(/bad arguments/);
    await expect(registered.get(CHANNELS.discoveredSites)!(good, 'http://evil.example/')).rejects.toThrow(/bad arguments/);
    expect(handlers[CHANNELS.discoveredSites]).not.toHaveBeenCalled();
    expect(handlers[CHANNELS.tokenSet]).not.toHaveBeenCalled();
  });
});
