import { createRequire } from 'node:module';
import type * as KoaRouter from '@koa/router';

/**
 * @koa/router, from its CommonJS build. Its ES module build imports `node:http` as a module, and
 * Node then reads every export of `node:http`, among them the WebSocket classes it loads undici
 * (its fetch client) for, a client the server never uses. `npm run bench -- startup` against a
 * tree importing the ES module build, two alternating runs each on 2026-12-05: the release ready
 * after 749 and 775 ms (server CPU 1,240 and 1,250 ms) against 815 and 771 ms (1,360 and 1,300
 * ms); `npm start` 858 and 856 ms against 962 and 884 ms.
 */
const koaRouter = createRequire(import.meta.url)('@koa/router') as typeof KoaRouter;

export const Router = koaRouter.Router;
export type Router = KoaRouter.Router;
