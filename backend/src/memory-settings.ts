/**
 * Memory settings for the server's process. They only take effect when given to a process at
 * its start, so whatever starts the server passes them: `npm start` (scripts/start.mjs), the
 * desktop app for its built-in server (electron/main/server-process.ts) and the systemd unit
 * (deploy/systemd/ashnote.service; deploy/systemd.test.ts checks it sets these values). The
 * server no longer starts itself over to set them. Measured with `npm run bench -- memory`
 * (see docs/operations.md).
 *
 * - `MALLOC_ARENA_MAX=2`: glibc gives every thread that allocates its own malloc arena, up to
 *   eight per core. The server's threads (PGlite's, large notes' parsers, libuv's pool) each
 *   left tens of MB of freed memory in arenas that glibc keeps. Other C libraries ignore it.
 * - `MALLOC_MMAP_THRESHOLD_=131072`: glibc serves allocations from 128 KB up with their own
 *   mappings, returned to the system when freed. Left to itself it raises that threshold (up to
 *   32 MB) each time such a block is freed, and later large blocks then came from the arenas,
 *   where freed memory stays: the memory bench's plateau was 277-308 MB over three runs
 *   without it, 242-272 MB over two with it.
 * - `--max-semi-space-size=4`: V8 grows the young generation to 2 × 16 MB while the server
 *   loads and keeps it resident for good; a request's garbage is small and short-lived, so
 *   2 × 4 MB serves it as well.
 */
export const MALLOC_SETTINGS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: String(128 * 1024),
} as const;

const SEMI_SPACE_FLAG = '--max-semi-space-size';
export const V8_MEMORY_FLAGS = [`${SEMI_SPACE_FLAG}=4`] as const;

/** The V8 flags above that `execArgv` (a process's Node flags) does not set already. */
export function v8MemoryFlags(execArgv: readonly string[]): string[] {
  return execArgv.some((arg) => arg.startsWith(SEMI_SPACE_FLAG)) ? [] : [...V8_MEMORY_FLAGS];
}

/**
 * `env` with glibc's allocator settings above, unless the person starting the server chose an
 * arena count (then it is left exactly as given).
 */
export function withMallocSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.MALLOC_ARENA_MAX !== undefined) return env;
  return {
    ...env,
    MALLOC_ARENA_MAX: MALLOC_SETTINGS.MALLOC_ARENA_MAX,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? MALLOC_SETTINGS.MALLOC_MMAP_THRESHOLD_,
  };
}
