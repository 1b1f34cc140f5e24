// The entry of a 7-Zip reader thread (sevenZipInWorker in seven-zip.ts starts one per job with
// startWorker: the build bundles it to out/main/workers/seven-zip-worker.js, the sources bundle it on
// first use). It runs its one job (workerData) with makeSevenZip and answers once.
import * as fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as zlib from 'node:zlib';
import { makeSevenZip, type SevenZipJob } from './seven-zip.js';

const job = workerData as SevenZipJob;
try {
  const reader = makeSevenZip(fs, zlib);
  if (job.op === 'list') parentPort!.postMessage({ ok: true, entries: reader.list(job.path) });
  else parentPort!.postMessage({ ok: true, written: reader.extract(job.path, job.targets, job.budget) });
} catch (err) {
  const e = err as { sevenZip?: boolean; kind?: string; message?: string };
  parentPort!.postMessage({
    ok: false,
    failure: e?.sevenZip ? { kind: e.kind, message: e.message } : { kind: 'corrupt', message: String(e?.message ?? err) },
  });
}
