import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for third-party login connectors (being written). */
export function registerConnector(_ctx: AppContext, _routers: Routers): void {}
