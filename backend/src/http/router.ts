/**
 * @koa/router, in one place. The server's build (scripts/build-server.ts) bundles its CommonJS
 * build rather than its ES module build: that one imports `node:http` as a module, and Node then
 * reads every export of `node:http`, among them the WebSocket classes it loads undici (its fetch
 * client) for: 40-100 ms of every start, for a client the server never uses. Running from source
 * (tests, `npm run dev`) takes the ES module build.
 */
export { Router } from '@koa/router';
