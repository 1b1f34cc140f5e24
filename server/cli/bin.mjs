#!/usr/bin/env node
// The `lantern` bin: runs the TypeScript CLI (server/cli/lantern.ts) through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('./lantern.ts');
