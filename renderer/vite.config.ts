import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../scripts/vite-precompress.ts';

/**
 * The web bundle, served by the backend under a strict CSP: no inline script, and no style but
 * the one <style> element styled-components creates, admitted by the per-response nonce the
 * backend announces in `<meta property="csp-nonce">`. electron-vite's renderer config reuses
 * `rendererRoot`, `rendererPlugins`, `rendererDefine` and `rendererWorker` so the desktop app
 * runs the very same renderer.
 */
export const rendererRoot = fileURLToPath(new URL('.', import.meta.url));

export function rendererPlugins(): PluginOption[] {
  return [react(), reactApiOnPreact()];
}

/**
 * The app is written against React's API and runs on Preact (preact/compat), in the browser,
 * the desktop app and the pre-rendering alike (issue 36): React's DOM runtime alone was 57 KB
 * of the home page's 110 KB of libraries, Preact with its compatibility layer is about 10 KB,
 * and taking a pre-rendered page over costs a phone far less of its main thread. The libraries
 * that import React (the router, styled-components, jotai, Radix) get Preact too.
 * Types still come from @types/react.
 */
function reactApiOnPreact(): PluginOption {
  return {
    name: 'ashnote:react-api-on-preact',
    config: () => ({
      build: {
        rolldownOptions: {
          // The router looks for React's useOptimistic, which Preact lacks, and does without.
          onLog(level, log, handler) {
            const routerAsksForUseOptimistic =
              log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic');
            if (!routerAsksForUseOptimistic) handler(level, log);
          },
        },
      },
      resolve: {
        alias: [
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react(-dom)?$/, replacement: 'preact/compat' },
        ],
      },
    }),
  };
}

const packageJson = JSON.parse(
  fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

export const rendererDefine = {
  // styled-components adds rules through CSSOM insertRule ("speedy") in every mode, never as
  // <style> text, so development injects styles the way production does.
  SC_DISABLE_SPEEDY: 'false',
  // The version the app shows (src/appVersion.ts).
  __ASHNOTE_VERSION__: JSON.stringify(packageJson.version),
};

/**
 * Workers as ES modules (the KDF worker is started with `type: 'module'`), so a dynamic import
 * inside one stays a chunk of its own: the @noble fallback engine is fetched only where
 * `crypto.subtle` is missing, never by a worker that has WebCrypto.
 */
export const rendererWorker = { format: 'es' } as const;

/**
 * The installable web app (web bundle only; the desktop app is installed as itself): its
 * manifest, and the service worker built from src/pwa/sw.ts with the list of files it may
 * precache. The worker is registered by src/pwa/registerServiceWorker.ts, a module, never by
 * an injected inline script (the CSP forbids those).
 */
function installableApp(): PluginOption {
  const background = '#0b0d12';
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      id: '/mobile',
      name: 'Ashnote',
      short_name: 'Ashnote',
      description:
        'End-to-end-encrypted notes that self-destruct after reading, and private two-person chat rooms.',
      start_url: '/mobile',
      scope: '/',
      display: 'standalone',
      background_color: background,
      theme_color: background,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    // Precached besides the manifest and its icons, which the plugin adds itself.
    includeAssets: ['icons/apple-touch-icon.png'],
    injectManifest: {
      // The app shell only: the page, its code and styles. Not the social preview image (for
      // link previews, never shown in the app).
      globPatterns: ['**/*.{html,js,css,svg}'],
      // A classic script: every browser that has service workers can run it.
      rollupFormat: 'iife',
    },
  });
}

/** `npm run dev` (scripts/dev.mjs) runs the backend here. */
const DEV_BACKEND = 'http://127.0.0.1:3000';

export default defineConfig({
  root: rendererRoot,
  publicDir: 'public',
  // precompress last: it compresses what the others wrote (sw.js included); only the web
  // build is served compressed, the desktop app reads its files from disk.
  plugins: [...rendererPlugins(), installableApp(), precompress()],
  define: rendererDefine,
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: DEV_BACKEND },
      '/ws': { target: DEV_BACKEND, ws: true },
    },
  },
  worker: rendererWorker,
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Both would put code or data inline into the HTML, which the CSP refuses.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The chunk graph (dist/web/.vite/manifest.json), read by the bundle-size bench and budget.
    manifest: true,
    rolldownOptions: {
      output: {
        // What every page loads first (the entry's static imports, `$initial`) in a few files
        // instead of one per shared module (42 for the home route). Each file is compressed
        // alone, so tens of small ones compress far worse than their sum: the home route's
        // initial JavaScript went from 150.0 KB to 138.6 KB gzip, and every other route's by
        // about as much (npm run bench -- bundle). The entry module and the page (main.tsx,
        // index.html) stay the entry chunk, which the manifest names.
        //
        // platform/index.ts awaits at its top level the desktop code it loads on demand
        // (platform/desktop.ts). Had that code to import the chunk doing the await, or one that
        // imports it, the chunk would wait for itself and the desktop app would never start
        // (renderer/e2e/site.e2e.test.ts, "asks in the desktop app…", catches it). So the
        // platform entry is a chunk of its own, and what the desktop code may import (shared/
        // and the platform's interface, none of which imports the renderer's features) sits in
        // a chunk below it; the renderer's own code comes last, above both.
        codeSplitting: {
          groups: [
            { name: 'start-vendor', test: /node_modules/, tags: ['$initial'], priority: 4 },
            {
              name: 'start-platform',
              test: /\/renderer\/src\/platform\/index\.ts$/,
              tags: ['$initial'],
              priority: 3,
              // That module alone: what it imports belongs below it, in start-base.
              includeDependenciesRecursively: false,
            },
            {
              name: 'start-base',
              test: /\/shared\/|\/renderer\/src\/platform\/(Platform|web)\.ts$|preload-helper/,
              tags: ['$initial'],
              priority: 2,
            },
            {
              name: 'start',
              test: (id) => !/(\.html|\/src\/main\.tsx)$/.test(id),
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
