import {
  HOME_INITIAL_JS_BUDGET_BYTES,
  WEB_DIR,
  formatKilobytes,
  measureRoutes,
} from './bundle-size.ts';

/**
 * `npm run bench -- bundle`: every route's initial JavaScript on the built web bundle (run
 * `npm run build:web` first), in English and in the heaviest language file, against the home
 * route's budget. The budget itself is enforced by renderer/e2e/bundle-budget.test.ts.
 */
export function runBundleBench(): void {
  console.log(`\nbundle — initial JavaScript per route (${WEB_DIR})`);
  for (const language of ['en', 'hi']) {
    console.log(`\n  language: ${language}`);
    console.log(`  ${'route'.padEnd(26)}${'raw'.padStart(12)}${'gzip'.padStart(12)}  files`);
    for (const { route, files, rawBytes, gzipBytes } of measureRoutes(WEB_DIR, language)) {
      console.log(
        `  ${route.padEnd(26)}${formatKilobytes(rawBytes).padStart(12)}${formatKilobytes(gzipBytes).padStart(12)}  ${files.length}`,
      );
    }
  }
  const home = measureRoutes(WEB_DIR, 'en').find((size) => size.route === '/')!;
  const verdict = home.gzipBytes <= HOME_INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `\n  home route: ${formatKilobytes(home.gzipBytes)} gzip, ${verdict} the ${formatKilobytes(HOME_INITIAL_JS_BUDGET_BYTES)} budget`,
  );
}
