import type { LanternBridge } from './contract';

declare global {
  interface Window {
    /** Present only inside the desktop window. */
    lantern?: LanternBridge;
  }
}
export {};
