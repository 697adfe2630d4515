import type { ForkOptions } from 'electron';
import { v8MemoryFlags, withMallocSettings } from '../../backend/src/memory-settings.ts';

/** How the built-in server shows up among the app's processes (`app.getAppMetrics()`). */
export const SERVER_SERVICE_NAME = 'Ashnote server';

/**
 * The options main forks the built-in server with: on Linux, the memory settings `npm start`
 * gives the server (backend/src/memory-settings.ts), under the same condition (MALLOC_ARENA_MAX
 * not chosen by whoever started the app). They only work from a process's start, which a utility
 * process cannot redo, so main passes them: Electron adds `execArgv` to the utility process's
 * command line, where its Node reads V8's flags from `--js-flags` before creating the heap; and
 * given an `env`, Electron starts the process with that environment alone, so it is all of
 * main's plus glibc's settings.
 */
export function serverForkOptions(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): Pick<ForkOptions, 'serviceName' | 'env' | 'execArgv'> {
  if (platform !== 'linux' || env.MALLOC_ARENA_MAX !== undefined) {
    return { serviceName: SERVER_SERVICE_NAME };
  }
  return {
    serviceName: SERVER_SERVICE_NAME,
    env: withMallocSettings(env),
    execArgv: [`--js-flags=${v8MemoryFlags([]).join(' ')}`],
  };
}
