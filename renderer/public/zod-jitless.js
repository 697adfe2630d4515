/*
 * zod compiles object parsers with `new Function` when it may, and finds out whether it may by
 * calling it once while the first schema is built. Under our CSP (no 'unsafe-eval') that probe
 * is refused and reported as a violation on every page. Jitless mode skips the probe and the
 * compilation. zod reads its settings from this global when it loads; a classic script in
 * <head> runs before any module, whatever chunk zod ends up in (shell.e2e.test.ts checks that
 * no page reports a violation).
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
