import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOverWithMemorySettings } from './memory-settings.js';

/**
 * `npm start`. The memory settings come first: starting over replaces the process, so the less
 * it has loaded by then the better (loading the server's first modules before cost ~0.2 s of
 * every start). Then V8's compiled code for the server's modules, and the modules with their
 * types stripped, are kept on disk (each checked against its source), so later starts skip most
 * of the compiling and all of the stripping; in the project's own folder, not the shared temp
 * folder another user could write to.
 *
 * This file and the two it loads are JavaScript: the first TypeScript module a thread loads
 * makes Node load its type stripper, ~40 ms, and a start runs two processes (the second once it
 * has started over). Loading the rest through the cache, the server's thread never loads the
 * stripper when nothing changed (worker threads, with a few modules each, still do): 1,030 →
 * 950 ms to the first answer here (15 starts each).
 */
startOverWithMemorySettings();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cache = path.join(repoRoot, 'node_modules/.cache');
module.enableCompileCache(path.join(cache, 'node-compile-cache'));
const { cacheStrippedSources } = await import('./stripped-source-cache.js');
cacheStrippedSources(path.join(cache, 'ashnote-stripped-ts'), repoRoot);
await import('./start.ts');
