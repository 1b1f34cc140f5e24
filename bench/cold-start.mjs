// Cold start alone, without the rest of the bench: `node bench/cold-start.mjs <dataDir> [runs] [repo]`
// starts the built server (`<repo>/out/main/server.js`, default this checkout) on 127.0.0.1 `runs`
// times (default 9) against the data dir and prints the median, fastest and slowest time from process
// start to a 200 from /healthz. Two checkouts built side by side compare as: run it for each, twice,
// alternating (the disk cache and the machine's load change between runs).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const [dataDir, runs = '9', repo = fileURLToPath(new URL('..', import.meta.url))] = process.argv.slice(2);
if (!dataDir) {
  process.stderr.write('usage: node bench/cold-start.mjs <dataDir> [runs] [repo]\n');
  process.exit(2);
}
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
const times = [];
for (let i = 0; i < Number(runs); i++) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [`${repo}/out/main/server.js`, '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
    {
      env: { ...process.env, LANTERN_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // poll /healthz until it answers (bounded: a server that does not come up in 30 s fails the run)
  for (let tries = 0; ; tries++) {
    if (tries > 6000) throw new Error('the server did not answer /healthz in 30 s');
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  times.push(performance.now() - started);
  child.kill('SIGTERM');
  await exited;
}
times.sort((a, b) => a - b);
process.stdout.write(
  `cold start: median ${Math.round(times[times.length >> 1])} ms (fastest ${Math.round(times[0])}, slowest ${Math.round(times.at(-1))}) over ${runs} runs\n`,
);
