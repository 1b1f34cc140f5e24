import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for related, similar, linked and invited questions (being written). */
export function registerQuestionRelated(_ctx: AppContext, _routers: Routers): void {}
