import fs from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's entry file, named as its source (`new URL('./x.worker.ts', import.meta.url)`):
 * that file itself when running from source (Node strips the types), or the `.js` the desktop
 * build emits beside its bundle under the same name (see electron.vite.config.ts).
 */
export function workerEntry(source: URL): URL {
  if (fs.existsSync(fileURLToPath(source))) return source;
  return new URL(source.href.replace(/\.ts$/, '.js'));
}

/**
 * A worker thread's environment: this process's, with the compile cache it uses (main.js
 * enables it) named, because a worker takes that cache only from its environment. Without it,
 * every worker compiled its modules anew: PGlite's, on the critical path of every start.
 */
export function workerEnv(): NodeJS.ProcessEnv {
  const compileCache = module.getCompileCacheDir();
  return compileCache === undefined
    ? process.env
    : { ...process.env, NODE_COMPILE_CACHE: compileCache };
}
