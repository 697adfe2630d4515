import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerChild } from '../main/server-supervisor.ts';
import { serveParentPort } from './serve.ts';

/**
 * For tests, where there is no Electron: the built-in server's process as a plain Node child,
 * speaking the same messages over Node's IPC channel instead of a utility process's parent port.
 * The supervisor and `serveParentPort` are the production code; only this transport differs.
 */

/** Forks this file as the server process. */
export function forkServerChild(): ServerChild & { pid: number | undefined } {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'inherit' });
  return {
    pid: child.pid,
    postMessage: (message) => child.send(message),
    on: (event: 'message' | 'exit', listener: (value: never) => void) =>
      event === 'message'
        ? child.on('message', listener as (message: unknown) => void)
        : child.on('exit', (code) => (listener as (code: number | null) => void)(code)),
    kill: () => child.kill('SIGKILL'),
  };
}

if (process.argv.includes('--serve') && process.send !== undefined) {
  void serveParentPort({
    on: (_event, listener) => process.on('message', (data) => listener({ data })),
    postMessage: (message) => process.send?.(message),
  }).then(() => process.exit(0));
}
