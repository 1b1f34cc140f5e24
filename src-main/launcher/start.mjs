#!/usr/bin/env node
// `npm start`: the desktop app through electron-vite; where no Electron binary can be had,
// the headless server (built on first run) serving the UI, with the URL printed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { detectElectron, headlessNotice } from './electron-detect.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const electron = detectElectron();
const args = process.argv.slice(2);

let child;
if (electron.ok) {
  child = spawn('npx', ['electron-vite', 'preview', ...args], { cwd: root, stdio: 'inherit' });
} else {
  process.stdout.write(headlessNotice(electron.reason));
  child = spawn(process.execPath, [fileURLToPath(new URL('../../server/serve.mjs', import.meta.url)), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
