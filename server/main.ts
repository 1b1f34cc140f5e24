import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { loadConfig, makeConfig } from './config.js';
import { parentHost } from './infra/host-control.js';
import { servingBanner } from './infra/serving-urls.js';
import { followSiteUrl } from './modules/lan/lan.service.js';
import { backupForShell } from './modules/backup/backup.service.js';

/** Where the built renderer sits relative to this file once built (out/main -> out/renderer). */
function defaultRendererDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../renderer'), resolve(here, '../out/renderer'), resolve(here, '../../out/renderer')];
  return candidates.find((d) => existsSync(join(d, 'index.html'))) ?? null;
}

// a plain child process talks over process.send; an Electron utilityProcess over parentPort
const parentPort = (
  process as unknown as { parentPort?: { postMessage(m: unknown): void; on(e: 'message', l: (ev: { data: unknown }) => void): void } }
).parentPort;
const reply = (m: unknown) => {
  if (process.send) process.send(m);
  parentPort?.postMessage(m);
};

/** Headless entry (npm run serve): flags and environment -> createApp -> listen. */
async function main(): Promise<void> {
  const parsed = loadConfig();
  const config = makeConfig({ ...parsed, rendererDir: parsed.rendererDir ?? defaultRendererDir() });
  const managed = !!parentPort || !!process.send;
  const lantern = await createApp(config, managed ? { host: parentHost(reply) } : {});
  const { url } = await lantern.listen();
  lantern.ctx.logger.info({ url, dataDir: config.dataDir }, 'lantern is serving');
  // the addresses that work: loopback and each LAN address, never an unopenable http://0.0.0.0/
  process.stdout.write(
    servingBanner({ host: config.host, port: lantern.ctx.binding.port, basePath: config.basePath }, networkInterfaces(), config.dataDir),
  );
  // the desktop's site URL follows where it serves (loopback, or the LAN address)
  if (managed) await followSiteUrl(lantern.ctx).catch((err: unknown) => lantern.ctx.logger.warn({ err }, 'could not update the site URL'));
  // the window always talks to the server over loopback, even when it also serves the LAN
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  reply({ type: 'lantern:ready', url: wildcard ? url.replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${lantern.ctx.binding.port}`) : url });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lantern.ctx.logger.info({ signal }, 'shutting down');
    await lantern.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const onParentMessage = (m: unknown) => {
    const type = m && typeof m === 'object' ? (m as { type?: string }).type : undefined;
    if (type === 'lantern:stop') void stop('parent');
    if (type === 'lantern:backup') {
      backupForShell(lantern.ctx).then(
        (file) => reply({ type: 'lantern:backup-done', file }),
        (err: unknown) => reply({ type: 'lantern:backup-failed', error: err instanceof Error ? err.message : String(err) }),
      );
    }
  };
  process.on('message', onParentMessage);
  parentPort?.on('message', (ev) => onParentMessage(ev.data));
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`lantern failed to start: ${message}\n`);
  // the desktop shell tells the user why (a taken port) when it falls back to another binding
  const failed = { type: 'lantern:start-failed', error: message };
  parentPort?.postMessage(failed);
  if (process.send) process.send(failed, () => process.exit(1));
  else setImmediate(() => process.exit(1));
});
