import cluster from 'node:cluster';
import { networkInterfaces } from 'node:os';
import { createApp } from './app.js';
import { makeConfig, type Config } from './config.js';
import { parentHost } from './infra/host-control.js';
import { servingBanner } from './infra/serving-urls.js';
import { currentLanHints, followSiteUrl, followSiteUrlScheme } from './modules/lan/lan.service.js';
import { mdnsUrl, startAdvertising } from './modules/lan/lan.mdns.js';
import { backupForShell } from './modules/backup/backup.service.js';
import { announceSetupCode, setSetupCodeAnnouncer } from './modules/install/install.setup-code.js';
import { clusterPeers, solePeers, type PeerChannel } from './infra/peers.js';
import { postgresPeers } from './infra/pg-peers.js';
import { PEER_INDEX_ENV } from './cluster.js';
import { SUPERVISED_ENV } from './supervisor.mjs';

/** How the entry talks to whoever started it (a desktop shell, a supervisor, the cluster primary). */
export interface ParentLink {
  /** Null when there is no Electron parentPort. */
  parentPort: { postMessage(m: unknown): void; on(e: 'message', l: (ev: { data: unknown }) => void): void } | undefined;
  reply(message: unknown): void;
}

/** One server process: the app on its port, until a signal or its parent stops it. */
export async function serveProcess(parsed: Config, { parentPort, reply }: ParentLink): Promise<void> {
  const place = { size: parsed.processes, index: Number(process.env[PEER_INDEX_ENV] ?? 0) };
  // on PostgreSQL, processes on this machine or others tell each other through the database; else a
  // process the primary forked is one of several on this port and database
  const peers = parsed.databaseUrl
    ? await postgresPeers(parsed.databaseUrl, place)
    : cluster.isWorker
      ? clusterPeers(process as unknown as PeerChannel, place)
      : solePeers;
  const config = makeConfig({
    ...parsed,
    // hot scores, the digest and scheduled backups run once per site: in the leader (on PostgreSQL
    // every process keeps the timers and the one holding the leader lock runs them)
    backgroundJobs: parsed.backgroundJobs && (!!parsed.databaseUrl || peers.leader),
  });
  // a desktop shell that started this process; a forked server process talks to its primary, and one
  // under `npm run serve`'s supervisor (server/supervisor.mjs) only tells it that it serves
  const managed = !cluster.isWorker && (!!parentPort || !!process.send) && process.env[SUPERVISED_ENV] !== '1';
  const lantern = await createApp(config, { peers, ...(managed ? { host: parentHost(reply) } : {}) });
  const { url } = await lantern.listen();
  lantern.ctx.logger.info({ url, dataDir: config.dataDir, process: peers.size > 1 ? peers.index : undefined }, 'lantern is serving');
  // the desktop's site URL follows where it serves (loopback, or the LAN address): before the hints judge it
  // (a command-line server's site URL keeps its address, and follows the scheme when it names this server)
  await (managed ? followSiteUrl(lantern.ctx) : followSiteUrlScheme(lantern.ctx)).catch((err: unknown) =>
    lantern.ctx.logger.warn({ err }, 'could not update the site URL'),
  );
  // the addresses that work: loopback and each LAN address, never an unopenable http://0.0.0.0/; the
  // certificate's fingerprint; what may keep a LAN visitor out
  // on the LAN, the site's <name>.local and service over mDNS (one process advertises; goodbye at close)
  if (peers.index === 0) await startAdvertising(lantern.ctx);
  if (peers.index === 0) {
    const tls = lantern.ctx.tls;
    const hints = await currentLanHints(lantern.ctx).catch(() => []);
    process.stdout.write(
      servingBanner(
        { host: config.host, port: lantern.ctx.binding.port, basePath: config.basePath, scheme: tls ? 'https' : 'http' },
        networkInterfaces(),
        config.dataDir,
        {
          fingerprint: tls?.fingerprint,
          certificateNote: tls?.made
            ? tls.made === 'there was none'
              ? `A self-signed certificate was made (kept in ${tls.certFile}): browsers ask once to trust it.`
              : `A new self-signed certificate was made (${tls.made}): browsers ask again to trust it.`
            : undefined,
          hints: hints.map((h) => h.message),
          localName: mdnsUrl(lantern.ctx) ?? undefined,
        },
      ),
    );
  }
  // before install, a browser on another machine must give the setup code printed here (every process
  // prints a code it replaces after too many wrong ones; process 0 prints the first)
  setSetupCodeAnnouncer(lantern.ctx, (line) => process.stdout.write(`${line}\n`));
  if (peers.index === 0) await announceSetupCode(lantern.ctx);
  // the window always talks to the server over loopback, even when it also serves the LAN
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const loopbackUrl = url.replace(/^(https?):\/\/[^/]+/, `$1://127.0.0.1:${lantern.ctx.binding.port}`);
  // with HTTPS the shell trusts exactly this certificate for its window (by its fingerprint)
  reply({
    type: 'lantern:ready',
    url: wildcard ? loopbackUrl : url,
    ...(lantern.ctx.tls ? { fingerprint: lantern.ctx.tls.fingerprint } : {}),
  });
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
