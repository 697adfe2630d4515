import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { PluginOption } from 'vite';

/**
 * The web bundle, served by the backend under a strict CSP: no inline script, and no style but
 * the one <style> element styled-components creates, admitted by the per-response nonce the
 * backend announces in `<meta property="csp-nonce">`. electron-vite's renderer config reuses `rendererRoot`, `rendererPlugins` and `rendererDefine`
 * so the desktop app runs the very same renderer.
 */
export const rendererRoot = fileURLToPath(new URL('.', import.meta.url));

export function rendererPlugins(): PluginOption[] {
  return [react()];
}

export const rendererDefine = {
  // styled-components adds rules through CSSOM insertRule ("speedy") in every mode, never as
  // <style> text, so development injects styles the way production does.
  SC_DISABLE_SPEEDY: 'false',
};

/** `npm run dev` (scripts/dev.mjs) runs the backend here. */
const DEV_BACKEND = 'http://127.0.0.1:3000';

export default defineConfig({
  root: rendererRoot,
  publicDir: 'public',
  plugins: rendererPlugins(),
  define: rendererDefine,
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: DEV_BACKEND },
      '/ws': { target: DEV_BACKEND, ws: true },
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Both would put code or data inline into the HTML, which the CSP refuses.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
