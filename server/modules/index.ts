import type { Router } from 'express';
import type { AppContext } from '../app-context.js';

/** The routers a module mounts its endpoints on. */
export interface Routers {
  /** /answer/api/v1 */
  api: Router;
  /** /answer/admin/api */
  admin: Router;
  /** /installation */
  install: Router;
  /** The base path root (robots.txt, custom.css, uploads ...). */
  root: Router;
}

/** A module registers its routes; it keeps no state outside ctx. */
export type ModuleRegistrar = (ctx: AppContext, routers: Routers) => void;
