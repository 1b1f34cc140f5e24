import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for the external user centre (being written). */
export function registerUserCenter(_ctx: AppContext, _routers: Routers): void {}
