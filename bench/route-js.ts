import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The JavaScript each route needs before it shows: the entry, its static imports and the route's
// own chunk with its static imports, gzipped. Read from Vite's manifest; the build prints it and
// the bench records it.

/** Route name -> the renderer module its route table entry loads. */
export const ROUTE_MODULES: Record<string, string> = {
  question_list: 'pages/Home/index.tsx',
  question_detail: 'pages/QuestionDetail/index.tsx',
  ask: 'pages/Ask/index.tsx',
  tags: 'pages/Tags/TagsPage.tsx',
  user_profile: 'pages/Users/UserProfilePage.tsx',
  settings: 'pages/Settings/SettingsPage.tsx',
  search: 'pages/Search/SearchPage.tsx',
  notifications: 'pages/Notifications/NotificationsPage.tsx',
  login: 'pages/Login/index.tsx',
  admin_lan: 'pages/AdminLan/index.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** Gzipped bytes per route (and `entry` alone); empty when there is no build with a manifest. */
export function routeInitialJs(rendererOut: string): Record<string, number> {
  const manifestFile = join(rendererOut, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return {};
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const k of keys) {
      if (seen.has(k) || !manifest[k]) continue;
      seen.add(k);
      closure(manifest[k].imports ?? [], seen);
    }
    return seen;
  };
  const gz = (keys: Set<string>) =>
    [...keys].reduce((sum, k) => sum + gzipSync(readFileSync(join(rendererOut, manifest[k].file))).length, 0);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) return {};
  const out: Record<string, number> = { entry: gz(closure([entry])) };
  for (const [route, src] of Object.entries(ROUTE_MODULES)) {
    if (manifest[src]) out[route] = gz(closure([entry, src]));
  }
  return out;
}

/** The figures as lines for the build's output. */
export function formatRouteJs(sizes: Record<string, number>): string {
  return Object.entries(sizes)
    .map(([route, bytes]) => `  ${route.padEnd(16)} ${(bytes / 1024).toFixed(1).padStart(7)} KB gzipped`)
    .join('\n');
}
