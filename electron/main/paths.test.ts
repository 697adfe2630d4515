import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  TEST_USER_DATA_ENV,
  appPaths,
  applyTestUserData,
  dataDirFor,
  testUserDataDir,
} from './paths.ts';

describe('appPaths', () => {
  it('finds the CommonJS preload and the renderer beside the built main, the server in dist', () => {
    const main = path.join('/app', 'out', 'main');
    expect(appPaths(main)).toEqual({
      preload: path.join('/app', 'out', 'preload', 'index.cjs'),
      renderer: path.join('/app', 'out', 'renderer'),
      server: path.join('/app', 'dist', 'server', 'desktop-server.js'),
    });
  });

  it('keeps the embedded database in a data folder under userData', () => {
    expect(dataDirFor(path.join('/home/u/.config/Ashnote'))).toBe(
      path.join('/home/u/.config/Ashnote', 'data'),
    );
  });
});

describe('test userData override', () => {
  it('is off unless the variable is set to something', () => {
    expect(testUserDataDir({})).toBeNull();
    expect(testUserDataDir({ [TEST_USER_DATA_ENV]: '  ' })).toBeNull();
  });

  it('takes an absolute folder as is and resolves a relative one', () => {
    const dir = path.resolve('/tmp/ashnote-e2e-1');
    expect(testUserDataDir({ [TEST_USER_DATA_ENV]: dir })).toBe(dir);
    expect(testUserDataDir({ [TEST_USER_DATA_ENV]: 'rel' })).toBe(path.resolve('rel'));
  });

  it('points userData at the folder and reports a test run', () => {
    const app = { setPath: vi.fn() };
    const dir = path.resolve('/tmp/ashnote-e2e-2');
    expect(applyTestUserData(app, { [TEST_USER_DATA_ENV]: dir })).toBe(true);
    expect(app.setPath).toHaveBeenCalledExactlyOnceWith('userData', dir);
  });

  it('leaves userData alone otherwise', () => {
    const app = { setPath: vi.fn() };
    expect(applyTestUserData(app, {})).toBe(false);
    expect(app.setPath).not.toHaveBeenCalled();
  });
});
