import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for notifications (being written). */
export function registerNotification(_ctx: AppContext, _routers: Routers): void {}
