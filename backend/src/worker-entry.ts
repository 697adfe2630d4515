import fs from 'node:fs';
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
