import { describe, expect, it } from 'vitest';
import {
  HOME_IDLE_JS_BUDGET_BYTES,
  HOME_IDLE_JS_REQUEST_BUDGET,
  HOME_INITIAL_JS_BUDGET_BYTES,
  WEB_DIR,
  formatKilobytes,
  measureRoutes,
  readManifest,
} from '../../bench/bundle-size.ts';

/**
 * The home route's budgets, on the bundle `npm test` has just built: before the first paint
 * (the entry chunk, its static imports and the English language file) and once the page is
 * idle (bench/bundle-size.ts says what that adds), gzip. `npm run bench -- bundle` shows every
 * route.
 */
describe('web bundle', () => {
  it(`keeps the home route's initial JavaScript within ${formatKilobytes(HOME_INITIAL_JS_BUDGET_BYTES)} gzip`, () => {
    const home = measureRoutes(WEB_DIR, 'en').find((route) => route.route === '/')!;
    expect(
      home.gzipBytes,
      `home route: ${formatKilobytes(home.gzipBytes)} gzip in ${home.files.length} files`,
    ).toBeLessThanOrEqual(HOME_INITIAL_JS_BUDGET_BYTES);
  });

  it(`keeps what the idle home page has fetched within ${formatKilobytes(HOME_IDLE_JS_BUDGET_BYTES)} gzip in ${HOME_IDLE_JS_REQUEST_BUDGET} JavaScript files`, () => {
    const { idle } = measureRoutes(WEB_DIR, 'en').find((route) => route.route === '/')!;
    const summary = `home once idle: ${formatKilobytes(idle.gzipBytes)} gzip in ${idle.files.length} files: ${idle.files.join(' ')}`;
    expect(idle.gzipBytes, summary).toBeLessThanOrEqual(HOME_IDLE_JS_BUDGET_BYTES);
    expect(idle.files.length, summary).toBeLessThanOrEqual(HOME_IDLE_JS_REQUEST_BUDGET);
    // Loaded on the visitor's action (a toast, a form sent), never by the page itself.
    const manifest = readManifest();
    for (const onAction of [
      'src/ui/toast/Toaster.tsx',
      'src/features/newsletter/newsletterApi.ts',
      'src/features/notes/createNote.ts',
    ]) {
      expect(idle.files, onAction).not.toContain(manifest[onAction]!.file);
    }
  });

  it("paints a note link's warning before any of the code that decrypts and saves has loaded", () => {
    const manifest = readManifest();
    const note = measureRoutes(WEB_DIR, 'en').find((route) => route.route === '/note/:id')!;
    // Asked for once the check finds the note (useNoteReader), while the warning is read.
    const onRead = [
      'src/features/notes/noteKeys.ts',
      'src/features/notes/view/decryptNote.ts',
      'src/files/NoteFiles.tsx',
    ].map((key) => manifest[key]!.file);
    const cryptoChunks = Object.values(manifest)
      .filter((chunk) => chunk.name === 'crypto')
      .map((chunk) => chunk.file);
    expect(cryptoChunks.length).toBeGreaterThan(0);
    for (const file of [...onRead, ...cryptoChunks]) expect(note.files).not.toContain(file);
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

  it('lets the desktop platform load without waiting for the chunk that awaits it', () => {
    // platform/index.ts awaits import('./desktop.ts') at its top level. If that code imported
    // the awaiting chunk, or any chunk that imports it, the two would wait for each other and
    // the desktop app would show nothing (renderer/vite.config.ts, codeSplitting).
    const manifest = readManifest();
    const closure = (key: string, into = new Set<string>()): Set<string> => {
      if (into.has(key)) return into;
      into.add(key);
      for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
      return into;
    };
    const desktop = 'src/platform/desktop.ts';
    const awaiting = Object.keys(manifest).filter((key) =>
      manifest[key]!.dynamicImports?.includes(desktop),
    );
    expect(awaiting.length).toBeGreaterThan(0);
    for (const needed of closure(desktop)) {
      for (const waiter of awaiting) {
        expect(closure(needed).has(waiter), `${needed} imports ${waiter}`).toBe(false);
      }
    }
  });
});
