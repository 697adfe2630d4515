/*
 * zod compiles object parsers with `new Function` when it may, and finds out whether it may by
 * calling it once while the first schema is built. Under our CSP (no 'unsafe-eval') that probe
 * is refused and reported as a violation on every page. Jitless mode skips the probe and the
 * compilation. zod reads its settings from this global when it loads; a classic script in
 * <head> runs before any module, whatever chunk zod ends up in (shell.e2e.test.ts checks that
 * no page reports a violation).
 */
// Through Reflect: the pre-rendered pages' boot script bundles this file, and TypeScript checks
// it there, which cannot type a global this file both reads and makes.
const ZOD_CONFIG = '__zod_globalConfig';
Reflect.set(
  globalThis,
  ZOD_CONFIG,
  Object.assign(Reflect.get(globalThis, ZOD_CONFIG) || {}, { jitless: true }),
);
