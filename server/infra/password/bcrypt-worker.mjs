// The entry of the bcrypt thread (BcryptThread in bcrypt-thread.ts starts it). Plain JavaScript with
// node built-ins only, like the read workers' (server/db/dialect/sqlite-read-worker.mjs): the build
// emits it beside the bundle (workerEntries in electron.vite.config.ts); bcryptjs comes as a
// resolved path in workerData. It compares each password it is sent with bcryptjs's synchronous
// compare and answers true or false.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const bcrypt = createRequire(import.meta.url)(workerData.bcrypt);
parentPort.on('message', (m) => {
  if (m === 'close') {
    parentPort.close();
    return;
  }
  let ok = false;
  try {
    ok = bcrypt.compareSync(m.plain, m.hash);
  } catch {
    ok = false;
  }
  parentPort.postMessage({ id: m.id, ok });
});
