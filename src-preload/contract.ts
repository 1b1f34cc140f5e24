/** IPC channels between the preload bridge and the main process. */
export const CHANNELS = {
  tokenGet: 'lantern:token-get',
  tokenSet: 'lantern:token-set',
  tokenClear: 'lantern:token-clear',
  pickImage: 'lantern:pick-image',
  appInfo: 'lantern:app-info',
  discoveredSites: 'lantern:discovered-sites',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** An image chosen with the native file picker. */
export interface PickedImage {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Facts about the desktop app. */
export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  dataDir: string;
}

/** A Lantern site another computer announces on the network (mDNS; src-main/discovery.ts). */
export interface DiscoveredSite {
  /** The site name. */
  name: string;
  /** By its `.local` name, e.g. `http://team-qa.local:9080/`. */
  url: string;
  /** By each of its addresses, for a computer that resolves no `.local` name. */
  addressUrls: string[];
  version: string;
}

/** What `window.lantern` offers the renderer inside the desktop window: named functions only. */
export interface LanternBridge {
  getToken(): Promise<string>;
  setToken(token: string): Promise<void>;
  clearToken(): Promise<void>;
  /** Resolves null when the user cancels. */
  pickImage(): Promise<PickedImage | null>;
  appInfo(): Promise<AppInfo>;
  /** The Lantern sites seen on the network (asks it again; waits up to 1.5 s for the first). */
  discoveredSites(): Promise<DiscoveredSite[]>;
}
