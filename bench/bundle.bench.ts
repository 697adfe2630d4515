import {
  HOME_IDLE_JS_BUDGET_BYTES,
  HOME_IDLE_JS_REQUEST_BUDGET,
  HOME_INITIAL_JS_BUDGET_BYTES,
  WEB_DIR,
  formatKilobytes,
  measureRoutes,
} from './bundle-size.ts';

/**
 * `npm run bench -- bundle`: every route's JavaScript on the built web bundle (run
 * `npm run build:web` first), before its first paint and once idle, in English and in the
 * heaviest language file, against the home route's budgets. The budgets themselves are
 * enforced by renderer/e2e/bundle-budget.test.ts.
 */
export function runBundleBench(): void {
  console.log(`\nbundle — JavaScript per route, gzip (${WEB_DIR})`);
  for (const language of ['en', 'hi']) {
    console.log(`\n  language: ${language}`);
    console.log(
      `  ${'route'.padEnd(26)}${'initial raw'.padStart(12)}${'gzip'.padStart(10)}${'files'.padStart(7)}${'idle gzip'.padStart(12)}${'files'.padStart(7)}`,
    );
    for (const { route, files, rawBytes, gzipBytes, idle } of measureRoutes(WEB_DIR, language)) {
      console.log(
        `  ${route.padEnd(26)}${formatKilobytes(rawBytes).padStart(12)}${formatKilobytes(gzipBytes).padStart(10)}${String(files.length).padStart(7)}${formatKilobytes(idle.gzipBytes).padStart(12)}${String(idle.files.length).padStart(7)}`,
      );
    }
  }
  const home = measureRoutes(WEB_DIR, 'en').find((size) => size.route === '/')!;
  const within = (ok: boolean) => (ok ? 'within' : 'OVER');
  console.log(
    `\n  home route: ${formatKilobytes(home.gzipBytes)} gzip initial, ${within(home.gzipBytes <= HOME_INITIAL_JS_BUDGET_BYTES)} the ${formatKilobytes(HOME_INITIAL_JS_BUDGET_BYTES)} budget`,
  );
  console.log(
    `  home route once idle: ${formatKilobytes(home.idle.gzipBytes)} gzip in ${home.idle.files.length} files, ${within(home.idle.gzipBytes <= HOME_IDLE_JS_BUDGET_BYTES && home.idle.files.length <= HOME_IDLE_JS_REQUEST_BUDGET)} the ${formatKilobytes(HOME_IDLE_JS_BUDGET_BYTES)} / ${HOME_IDLE_JS_REQUEST_BUDGET}-file budget`,
  );
}
