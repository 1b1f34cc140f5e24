import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for close/flag reasons (being written). */
export function registerReason(_ctx: AppContext, _routers: Routers): void {}
