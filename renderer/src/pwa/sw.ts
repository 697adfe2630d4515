import { clientsClaim } from 'workbox-core';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import * as navigationPreload from 'workbox-navigation-preload';
import {
  addRoute,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precache,
} from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { NETWORK_ONLY_NAVIGATIONS } from './networkOnlyPaths.ts';

/**
 * The installed app's service worker. Its one cache holds the built app shell and nothing
 * else: the HTML, scripts, styles, icons and manifest that `npm run build:web` wrote, listed at
 * build time (`__WB_MANIFEST`). It never stores a response it did not list, so no API answer,
 * note or chat message is ever written to it; requests it has no route for (all of /api, the
 * socket) go to the network as if it were not there.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Control the page that installed it at once, so its first visit already works offline. A new
// version waits until every tab of the old one is closed (no skipWaiting): taking over a page
// mid-use would leave its lazily loaded chunks pointing at files a deploy has removed.
clientsClaim();
navigationPreload.enable();

const network = new NetworkOnly();
const shell = createHandlerBoundToURL('/index.html');

/**
 * Pages come from the network whenever it answers: each load then gets the server's current
 * build, its fresh CSP nonce and headers, as the site does without a service worker. The
 * cached shell (the same HTML for every path, holding nothing secret) only stands in offline.
 */
async function networkThenShell(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await network.handle(options);
  } catch {
    return shell(options);
  }
}

// Registered before the precache route, which would otherwise answer `/` from the cache.
registerRoute(new NavigationRoute(networkThenShell, { denylist: NETWORK_ONLY_NAVIGATIONS }));
addRoute();
