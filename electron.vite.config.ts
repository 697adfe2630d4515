import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import {
  rendererDefine,
  rendererPlugins,
  rendererRoot,
  rendererWorker,
} from './renderer/vite.config.ts';

/**
 * The desktop build: main (ESM, our source bundled in and npm dependencies left external), the
 * preload (CommonJS and self-contained, because sandboxed preloads can neither be ESM nor
 * require packages) and the renderer: the web bundle's own root, plugins, defines and worker
 * format, so the desktop app runs the very same renderer. The built-in server is not built
 * here: main forks the server's own build, dist/server/desktop-server.js (scripts/build-server.ts),
 * the same bundle `npm start` and a release run.
 */

const at = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * electron-vite builds the renderer with base './' for file:// loading. Ours is served from
 * app://ashnote/ (and by the built-in server to browsers), where a reload on /note/ID must still
 * find /assets/…, so the base has to be '/' like the web bundle's. A plain `base` option would
 * be overwritten by the preset.
 */
const absoluteBase: Plugin = {
  name: 'ashnote:absolute-base',
  config: () => ({ base: '/' }),
};

export default defineConfig({
  // npm dependencies stay external (electron-vite's default `externalizeDeps`) and ship in
  // node_modules; our own source, shared/ included, is bundled.
  main: {
    build: {
      outDir: at('out/main'),
      lib: { entry: { index: at('electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: at('out/preload'),
      // A sandboxed preload can require nothing but `electron`: zod and shared/ are bundled in.
      externalizeDeps: false,
      lib: {
        entry: at('electron/preload/index.ts'),
        formats: ['cjs'],
        fileName: () => 'index.cjs',
      },
    },
  },
  renderer: {
    root: rendererRoot,
    plugins: [...rendererPlugins(), absoluteBase],
    define: rendererDefine,
    worker: rendererWorker,
    build: {
      outDir: at('out/renderer'),
      rolldownOptions: { input: at('renderer/index.html') },
      // Served under the backend's CSP, which refuses inlined (data:) fonts and scripts.
      assetsInlineLimit: 0,
    },
  },
});
