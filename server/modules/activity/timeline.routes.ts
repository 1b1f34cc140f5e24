import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for the activity timeline (being written). */
export function registerTimeline(_ctx: AppContext, _routers: Routers): void {}
