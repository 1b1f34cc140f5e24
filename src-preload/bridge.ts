import { CHANNELS, type LanternBridge } from './contract';

/** The part of ipcRenderer the bridge uses. */
export interface Invoker {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
}

/** Builds the bridge object; each function invokes exactly one channel. */
export function createBridge(ipc: Invoker): LanternBridge {
  return {
    getToken: async () => String((await ipc.invoke(CHANNELS.tokenGet)) ?? ''),
    setToken: async (token) => {
      await ipc.invoke(CHANNELS.tokenSet, String(token));
    },
    clearToken: async () => {
      await ipc.invoke(CHANNELS.tokenClear);
    },
    pickImage: async () => (await ipc.invoke(CHANNELS.pickImage)) as Awaited<ReturnType<LanternBridge['pickImage']>>,
    appInfo: async () => (await ipc.invoke(CHANNELS.appInfo)) as Awaited<ReturnType<LanternBridge['appInfo']>>,
    discoveredSites: async () => (await ipc.invoke(CHANNELS.discoveredSites)) as Awaited<ReturnType<LanternBridge['discoveredSites']>>,
  };
}
