import { createRequire } from 'node:module';
import type * as KoaRouter from '@koa/router';

/**
 * @koa/router, from its CommonJS build. Its ES module build imports `node:http` as a module, and
 * Node then reads every export of `node:http`, among them the WebSocket classes it loads undici
 * (its fetch client) for: 40-100 ms of every start, for a client the server never uses.
 */
const koaRouter = createRequire(import.meta.url)('@koa/router') as typeof KoaRouter;

export const Router = koaRouter.Router;
export type Router = KoaRouter.Router;
