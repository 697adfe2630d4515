import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOverWithMemorySettings } from './memory-settings.ts';

/**
 * `npm start`. The memory settings come first: starting over replaces the process, so the less
 * it has loaded by then the better (loading the server's first modules before cost ~0.2 s of
 * every start). Then V8's compiled code for the server's modules is kept on disk (Node checks
 * it against each source), so later starts skip most of the compiling; in the project's own
 * folder, not the shared temp folder another user could write to.
 */
startOverWithMemorySettings();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
module.enableCompileCache(path.join(repoRoot, 'node_modules/.cache/node-compile-cache'));
await import('./start.ts');
