import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for reactions (meta/reaction) (being written). */
export function registerMeta(_ctx: AppContext, _routers: Routers): void {}
