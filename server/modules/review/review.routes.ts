import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for the queued-post review queue (being written). */
export function registerReview(_ctx: AppContext, _routers: Routers): void {}
