import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests run in Node beside the code they test; browser and desktop tests
 * (the e2e folders) drive the built app and run one file at a time so two Chromiums don't fight over
 * two cores.
 */
export default defineConfig({
  test: {
    // Vitest's default leaves one core idle (cores - 1), which on a 2-core machine runs every file
    // one after another. Unit and integration files mostly wait on databases and sockets: two at a
    // time. Browser files stay one at a time (below).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,backend,electron,renderer}/**/*.test.{ts,tsx}'],
          exclude: ['**/e2e/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['{renderer,electron}/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // Tests marked concurrent (the site tour's page visits) run five at a time.
          maxConcurrency: 5,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page readies itself (fetches its config, hydrates) in well under a second on an
          // idle machine, but took longer than Vitest's default 1 s poll on a loaded one.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
