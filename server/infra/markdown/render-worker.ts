// The entry of a render worker (RenderPool in render-pool.ts starts it with startWorker: the build
// bundles it to out/main/workers/render-worker.js, the sources bundle it on first use). It builds the
// renderer (makeRenderer, the one the request thread uses too) with the modules the pool resolved,
// and answers each request in turn.
import { readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { makeRenderer, type RenderOptions } from './render-core.js';

const { paths, limits, nice } = workerData as { paths: Record<string, string>; limits: Parameters<typeof makeRenderer>[1]; nice: number };
// On Linux a nice value is per thread, and priority 0 names the calling thread: this worker runs
// `nice` steps below the thread that started it (whose value it inherited), so it yields the cores to
// the request thread even in a server started niced. Elsewhere it would renice the whole process: not done.
if (nice && process.platform === 'linux') {
  try {
    setPriority(0, Math.min(19, getPriority(0) + nice));
  } catch {
    // not allowed (a container without CAP_SYS_NICE may refuse): renders run at normal priority
  }
}
const load = createRequire(import.meta.url);
const renderer = makeRenderer((id) => load(paths[id] ?? id), limits);
// load the modules now (highlight.js with its languages too), so the deadline counts rendering only
renderer.render('*a* https://example.com\n\n```js\nconst a = 1;\n```');
// its thread id (Linux), so the pool can read the CPU time this thread has used
let tid: number | null = null;
try {
  tid = Number(String(readlinkSync('/proc/thread-self')).split('/').pop()) || null;
} catch {
  tid = null;
}
parentPort!.postMessage({ ready: tid });
parentPort!.on('message', (m: { id: number; source: string; options: RenderOptions }) => {
  try {
    parentPort!.postMessage({ id: m.id, html: renderer.render(m.source, m.options) });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) });
  }
});
