import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for revisions (being written). */
export function registerRevision(_ctx: AppContext, _routers: Routers): void {}
