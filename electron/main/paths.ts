import path from 'node:path';

/** Env var that points userData (settings, the embedded database) at a throwaway folder in tests. */
export const TEST_USER_DATA_ENV = 'ASHNOTE_TEST_USER_DATA';

export interface AppPaths {
  /** The sandboxed preload, built as CommonJS because sandboxed preloads cannot be ESM. */
  preload: string;
  /** The built renderer, served to the window through the app:// protocol. */
  renderer: string;
  /** The built-in server's utility-process entry, in the server's own build (dist/server). */
  server: string;
}

/**
 * Where the builds put the preload, the renderer and the server, relative to the built main
 * (`out/main`), in the project folder as in the packaged app (electron-builder.yml packs both).
 */
export function appPaths(mainDir: string): AppPaths {
  return {
    preload: path.join(mainDir, '../preload/index.cjs'),
    renderer: path.join(mainDir, '../renderer'),
    server: path.join(mainDir, '../../dist/server/desktop-server.js'),
  };
}

/** The embedded database lives in the per-user app data folder, beside Chromium's own data. */
export function dataDirFor(userDataDir: string): string {
  return path.join(userDataDir, 'data');
}

/** The test override for userData, if set (a relative path is taken from the working directory). */
export function testUserDataDir(env: Record<string, string | undefined>): string | null {
  const dir = env[TEST_USER_DATA_ENV]?.trim();
  return dir === undefined || dir === '' ? null : path.resolve(dir);
}

interface PathSetter {
  setPath(name: 'userData', value: string): void;
}

/**
 * Applies the test override. Must run before the single-instance lock and before `ready`: the
 * lock and Chromium's profile are both keyed on userData, so parallel test runs stay apart.
 * Returns whether this is a test run.
 */
export function applyTestUserData(
  app: PathSetter,
  env: Record<string, string | undefined>,
): boolean {
  const dir = testUserDataDir(env);
  if (dir === null) return false;
  app.setPath('userData', dir);
  return true;
}
