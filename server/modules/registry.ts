import type { ModuleRegistrar } from './index.js';
import { registerInstall } from './install/install.routes.js';
import { registerLanguage } from './language/language.routes.js';

/** Every module, in mounting order (one line each). */
export const MODULES: ModuleRegistrar[] = [registerInstall, registerLanguage];
