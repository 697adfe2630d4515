import { describe, expect, it } from 'vitest';
import { SERVER_SERVICE_NAME, serverForkOptions } from './server-process.ts';

describe('serverForkOptions', () => {
  const mainEnv = { HOME: '/home/someone', LANG: 'de_DE.UTF-8', ASHNOTE_TEST_USER_DATA: '/tmp/x' };

  it('gives the server on Linux the memory settings npm start gives the server, over all of main’s environment', () => {
    expect(serverForkOptions(mainEnv, 'linux')).toEqual({
      serviceName: SERVER_SERVICE_NAME,
      // Electron starts the process with this environment alone: nothing of main's may be missing.
      env: { ...mainEnv, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
      execArgv: ['--js-flags=--max-semi-space-size=4'],
    });
  });

  it('keeps a threshold chosen by whoever started the app', () => {
    const options = serverForkOptions({ ...mainEnv, MALLOC_MMAP_THRESHOLD_: '65536' }, 'linux');
    expect(options.env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' });
  });

  it('leaves everything as it is when the arena count was chosen, as npm start does', () => {
    expect(serverForkOptions({ ...mainEnv, MALLOC_ARENA_MAX: '8' }, 'linux')).toEqual({
      serviceName: SERVER_SERVICE_NAME,
    });
  });

  it('changes nothing where glibc is not the allocator', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      expect(serverForkOptions(mainEnv, platform)).toEqual({ serviceName: SERVER_SERVICE_NAME });
    }
  });
});
