import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { v8MemoryFlags, withMallocSettings } from '../backend/src/memory-settings.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The built server's entry in this checkout. */
export const SERVER_MAIN = path.join(root, 'dist/server/main.js');

/**
 * How `npm start` runs the built server (or another entry, `main`): Node's arguments and the
 * environment. On Linux, with the memory settings (backend/src/memory-settings.ts) unless
 * whoever started it chose an arena count.
 */
export function serverLaunch(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  main = SERVER_MAIN,
): { args: string[]; env: NodeJS.ProcessEnv } {
  if (platform !== 'linux' || env.MALLOC_ARENA_MAX !== undefined) {
    return { args: [main], env };
  }
  return { args: [...v8MemoryFlags([]), main], env: withMallocSettings(env) };
}
