export const BROWSER_PATHS: string[];
export const BROWSER_NAMES: string[];
export const CHROMIUM_ARGS: readonly string[];
export type BrowserFound = { ok: true; path: string } | { ok: false; reason: string; fix: string };
export function findBrowser(deps?: {
  env?: Record<string, string | undefined>;
  executable?: (p: string) => boolean;
  platform?: string;
  isRoot?: boolean;
}): BrowserFound;
