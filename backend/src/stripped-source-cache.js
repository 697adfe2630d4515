import crypto from 'node:crypto';
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Keeps the server's TypeScript sources with their types stripped on disk, so that a start reads
 * them instead of stripping them again. Node 22 strips every `.ts` module at every start (its
 * compile cache keeps V8's code, not the stripped source): ~0.16 s of a start's CPU, most of it
 * loading and running the stripper, on the thread that loads the server.
 *
 * One file per source, named by its path and stamped with a hash of the source it was stripped
 * from and of the Node that stripped it, so an edited source (or a new Node) is stripped again
 * and the cache never holds more than one entry per source. Files are written whole (written
 * apart, then renamed), so a server starting at the same moment reads either the old entry or
 * the new one. Where the folder cannot be written, each start strips as Node would.
 *
 * Only modules under `root` outside node_modules are served from it: those are the ones Node
 * would strip. Node strips them with whitespace where the types were, so lines and columns in
 * stack traces stay the same.
 *
 * JavaScript, not TypeScript: loading this module must not need the stripper (see main.js).
 * @param {string} cacheDir
 * @param {string} root
 */
export function cacheStrippedSources(cacheDir, root) {
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
  } catch {
    return;
  }
  const rootUrl = pathToFileURL(root + path.sep).href;
  module.registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith(rootUrl) || !url.endsWith('.ts') || url.includes('/node_modules/')) {
        return nextLoad(url, context);
      }
      const file = fileURLToPath(url);
      return { format: 'module', source: strippedSource(cacheDir, file), shortCircuit: true };
    },
  });
}

/**
 * @param {string} cacheDir
 * @param {string} file
 * @returns {string}
 */
function strippedSource(cacheDir, file) {
  const source = fs.readFileSync(file, 'utf8');
  const hash = crypto.createHash('sha256').update(process.version).update(source);
  const stamp = `// ${hash.digest('base64url')}\n`;
  const entry = path.join(
    cacheDir,
    `${crypto.createHash('sha256').update(file).digest('base64url')}.js`,
  );
  try {
    const cached = fs.readFileSync(entry, 'utf8');
    if (cached.startsWith(stamp)) return cached.slice(stamp.length);
  } catch {
    // Not cached yet.
  }
  const stripped = stripTypes(source);
  const partial = `${entry}.${process.pid}`;
  try {
    fs.writeFileSync(partial, stamp + stripped);
    fs.renameSync(partial, entry);
  } catch {
    fs.rmSync(partial, { force: true });
  }
  return stripped;
}

/**
 * Node's own stripping, the same Node applies when it loads a `.ts` module itself, without the
 * notice it prints on the API's first use that the API is experimental: loading the same file
 * without the cache prints none.
 * @param {string} source
 * @returns {string}
 */
function stripTypes(source) {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return module.stripTypeScriptTypes(source);
  } finally {
    process.emitWarning = emitWarning;
  }
}
