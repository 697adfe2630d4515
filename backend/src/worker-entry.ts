import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's entry file, named as its source (`new URL('./x.worker.ts', import.meta.url)`):
 * that file itself when running from source (Node strips the types), or the `.js` the server's
 * build emits beside the chunk that starts it, under the same name (scripts/build-server.ts).
 */
export function workerEntry(source: URL): URL {
  if (fs.existsSync(fileURLToPath(source))) return source;
  return new URL(source.href.replace(/\.ts$/, '.js'));
}
