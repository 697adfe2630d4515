import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests run in Node beside the code they test; browser and desktop tests
 * (the e2e folders) drive the built app in Chromium or Electron.
 */
export default defineConfig({
  test: {
    // Two files at a time, of either project, on the 2-core machines we run on. Vitest's default
    // (cores - 1) runs one file at a time there. Most files mostly wait (on databases, sockets,
    // a page settling). One limit for both projects keeps them in one group, so browser files run
    // beside the unit files; a project with one worker of its own would run after all the others.
    // The whole suite took 8.0 min with browser files one at a time after the rest, 6.2 min so,
    // and 6.0 min with three workers, where each browser file took half as long again. With two
    // busy loops taking both cores (a slow CI machine): 11.8 min before, 9.7 min so.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // One module registry per worker, not per file: most files import the whole server,
          // and evaluating it again for each of ~120 files was about a tenth of the suite's time.
          // Files share no mutable module state they rely on (each starts its own servers and
          // stores; fakes of timers and globals are undone after each test), so a file sees the
          // same modules either way.
          isolate: false,
          include: ['{shared,backend,electron,renderer,scripts,deploy,cli}/**/*.test.{ts,tsx}'],
          exclude: ['**/e2e/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['{renderer,electron,cli}/e2e/**/*.test.ts'],
          environment: 'node',
          // Tests marked concurrent (the site tour's page visits) run five at a time.
          maxConcurrency: 5,
          // A guard against a hung test, not a speed limit. The longest browser test takes 16 s
          // alone on an idle machine; CI machines have run the suite 2.5 times slower, and each
          // browser file now shares the machine with another file.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page readies itself (fetches its config, hydrates) in well under a second on an
          // idle machine, but took longer than Vitest's default 1 s poll on a loaded one.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
