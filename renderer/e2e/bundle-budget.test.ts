import { describe, expect, it } from 'vitest';
import {
  HOME_INITIAL_JS_BUDGET_BYTES,
  WEB_DIR,
  formatKilobytes,
  measureRoutes,
} from '../../bench/bundle-size.ts';

/**
 * The home route's budget, on the bundle `npm test` has just built: the entry chunk, its static
 * imports and the English language file, gzip. `npm run bench -- bundle` shows every route.
 */
describe('web bundle', () => {
  it(`keeps the home route's initial JavaScript within ${formatKilobytes(HOME_INITIAL_JS_BUDGET_BYTES)} gzip`, () => {
    const home = measureRoutes(WEB_DIR, 'en').find((route) => route.route === '/')!;
    expect(
      home.gzipBytes,
      `home route: ${formatKilobytes(home.gzipBytes)} gzip in ${home.files.length} files`,
    ).toBeLessThanOrEqual(HOME_INITIAL_JS_BUDGET_BYTES);
  });

  it('ships no language file with the entry, and one file per language and namespace', () => {
    const home = measureRoutes(WEB_DIR, 'en').find((route) => route.route === '/')!;
    const hindi = measureRoutes(WEB_DIR, 'hi').find((route) => route.route === '/')!;
    // Switching the language swaps one file: the rest of the home route is shared.
    const onlyEnglish = home.files.filter((file) => !hindi.files.includes(file));
    const onlyHindi = hindi.files.filter((file) => !home.files.includes(file));
    expect(onlyEnglish).toHaveLength(1);
    expect(onlyHindi).toHaveLength(1);
  });
});
