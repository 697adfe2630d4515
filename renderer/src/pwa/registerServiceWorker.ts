import { platform } from '../platform/index.ts';

/** Where the web build writes the worker (vite-plugin-pwa's `filename`, compiled to .js). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Installs the app-shell service worker (./sw.ts) for the installable web app. Only the built
 * web bundle has one: not the development server, not the desktop app (which loads its
 * renderer from its own bundled server), and not a page on plain http other than localhost,
 * where browsers refuse service workers. A failure only costs offline start-up, so it is
 * swallowed.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || platform.kind !== 'web') return;
  if (!window.isSecureContext || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
    .catch(() => {});
}
