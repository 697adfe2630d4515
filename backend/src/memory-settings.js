/**
 * Memory settings that only take effect when given to a process at its start, applied by
 * `npm start` starting over in the same process (same PID, through execve) when they are
 * missing. Measured with `npm run bench -- memory` (see the README).
 *
 * - `MALLOC_ARENA_MAX=2`: glibc gives every thread that allocates its own malloc arena, up to
 *   eight per core. The server's threads (PGlite's, large notes' parsers, libuv's pool) each
 *   left tens of MB of freed memory in arenas that glibc keeps. Other C libraries ignore it.
 * - `MALLOC_MMAP_THRESHOLD_=131072`: glibc serves allocations from 128 KB up with their own
 *   mappings, returned to the system when freed. Left to itself it raises that threshold (up to
 *   32 MB) each time such a block is freed, and later large blocks then came from the arenas,
 *   where freed memory stays: the memory bench's plateau was 277-308 MB over three runs
 *   without it, 242-272 MB over two with it.
 * - `--max-semi-space-size`: V8 grows the young generation to 2 × 16 MB while the server loads
 *   and keeps it resident for good; a request's garbage is small and short-lived, so 2 × 4 MB
 *   serves it as well.
 *
 * JavaScript, not TypeScript, because it runs before the stripped-source cache (see main.js).
 */
const ARENAS = '2';
const MMAP_THRESHOLD = String(128 * 1024);
const SEMI_SPACE_FLAG = '--max-semi-space-size';
const SEMI_SPACE_MB = 4;

/**
 * The V8 flags above that `execArgv` (a process's Node flags) does not set already.
 * @param {readonly string[]} execArgv
 * @returns {string[]}
 */
export function v8MemoryFlags(execArgv) {
  return execArgv.some((arg) => arg.startsWith(SEMI_SPACE_FLAG))
    ? []
    : [`${SEMI_SPACE_FLAG}=${SEMI_SPACE_MB}`];
}

/**
 * `env` with glibc's allocator settings above, unless the person starting the server chose an
 * arena count (then it is left exactly as given).
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withMallocSettings(env) {
  if (env.MALLOC_ARENA_MAX !== undefined) return env;
  return {
    ...env,
    MALLOC_ARENA_MAX: ARENAS,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? MMAP_THRESHOLD,
  };
}

/**
 * Starts this process over with the settings above, unless it has them (or the person starting
 * it chose an arena count), it is not Linux, the running Node cannot (process.execve is
 * Node ≥ 22.15), or it talks to its parent over an IPC channel (a process manager's fork), which
 * execve would close. Returns only when it does not start over. Call it first, before any
 * thread exists: execve keeps nothing of the process but its PID and standard streams.
 */
export function startOverWithMemorySettings() {
  if (process.platform !== 'linux' || process.env.MALLOC_ARENA_MAX !== undefined) return;
  if (process.execve === undefined || process.channel !== undefined) return;
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...v8MemoryFlags(process.execArgv),
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    withMallocSettings(process.env),
  );
}
