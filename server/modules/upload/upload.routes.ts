import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for uploads (being written). */
export function registerUpload(_ctx: AppContext, _routers: Routers): void {}
