/** IPC channels between the preload bridge and the main process. */
export const CHANNELS = {
  tokenGet: 'lantern:token-get',
  tokenSet: 'lantern:token-set',
  tokenClear: 'lantern:token-clear',
  pickImage: 'lantern:pick-image',
  appInfo: 'lantern:app-info',
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

/** What `window.lantern` offers the renderer inside the desktop window: named functions only. */
export interface LanternBridge {
  getToken(): Promise<string>;
  setToken(token: string): Promise<void>;
  clearToken(): Promise<void>;
  /** Resolves null when the user cancels. */
  pickImage(): Promise<PickedImage | null>;
  appInfo(): Promise<AppInfo>;
}
