import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { Envelope } from './envelope.js';
import type { DeclaredPath, EndpointKey, Endpoints, HttpMethod } from '../contract/endpoints.js';

/** A handler's responder for an endpoint of the map: ok(res, data) only takes that endpoint's data. */
export type Reply<K extends EndpointKey> = Response<Envelope<Endpoints[K]['data']>>;

type Prefix = '/answer/api/v1' | '/answer/admin/api' | '/installation';
type Method = 'get' | 'post' | 'put' | 'delete';
type Upper<M extends Method> = Uppercase<M> & HttpMethod;

/** The paths of the map under a router's prefix, as the router declares them. */
type MappedPath<M extends HttpMethod, Pre extends Prefix> =
  DeclaredPath<M> extends infer P ? (P extends `${Pre}${infer Rest}` ? Rest : never) : never;

type AnyRequest = Request<any, any, any, any>;
type TypedHandler<K extends EndpointKey> = (req: AnyRequest, res: Reply<K>, next: NextFunction) => unknown;

/**
 * Registers a route. A path of the map types the last handler's responder by its endpoint (returning
 * another shape fails to compile); a path the map lacks (files, streams, redirects) takes any handlers.
 */
interface Register<M extends HttpMethod, Pre extends Prefix> {
  <P extends MappedPath<M, Pre>>(path: P, ...handlers: [...RequestHandler[], TypedHandler<`${M} ${Pre}${P}` & EndpointKey>]): void;
  <P extends string>(path: P extends MappedPath<M, Pre> ? never : P, ...handlers: RequestHandler[]): void;
}

/** A router whose get/post/put/delete are typed by the endpoint map. */
export type TypedRouter<Pre extends Prefix> = { [M in Method]: Register<Upper<M>, Pre> } & Pick<Router, 'use'>;

export interface TypedRouters {
  api: TypedRouter<'/answer/api/v1'>;
  admin: TypedRouter<'/answer/admin/api'>;
  install: TypedRouter<'/installation'>;
  root: Router;
}

/** The module routers, typed by the endpoint map (the same objects). */
export function typed(routers: { api: Router; admin: Router; install: Router; root: Router }): TypedRouters {
  return routers as unknown as TypedRouters;
}
