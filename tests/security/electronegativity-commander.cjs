/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (node --require) */
// electronegativity requires 'commander' without declaring it: it ran on whichever commander npm
// hoisted (5.x, reading options as properties). Lantern's CLI brings commander 14, whose module
// is no longer a program instance. This preload gives electronegativity's files the commander 5
// the repo pins for it (devDependency electronegativity-commander = npm:commander@5.1.0).
const Module = require('node:module');
const { join } = require('node:path');

// It also gives them an offline `got` (see electronegativity-offline-got.cjs).
const pinned = join(__dirname, '../../node_modules/electronegativity-commander/index.js');
const offlineGot = join(__dirname, 'electronegativity-offline-got.cjs');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const fromTool = parent?.filename?.includes('@doyensec/electronegativity');
  if (request === 'commander' && fromTool) return pinned;
  if (request === 'got' && fromTool) return offlineGot;
  return resolve.call(this, request, parent, ...rest);
};
