import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

/**
 * `dist/cli/ashnote.js`: the `ashnote` command (cli/) as one self-contained file, the `bin` of
 * package.json. Everything it imports, zod and shared/ included, is bundled in, so the file runs
 * on any Node 22 without node_modules (copied onto a server, say) and starts from one file read.
 * Rolldown, like the server build (scripts/build-server.ts), so the project keeps one bundler;
 * minified, because the command's cold start is parse-bound (issue 34 asks ≤ 200 ms for --help,
 * measured by `npm run bench -- cli`).
 */

const root = fileURLToPath(new URL('..', import.meta.url));
export const CLI_FILE = path.join(root, 'dist/cli/ashnote.js');

export async function buildCli(): Promise<void> {
  fs.rmSync(path.dirname(CLI_FILE), { recursive: true, force: true });
  await build({
    cwd: root,
    input: path.join(root, 'cli/ashnote.ts'),
    platform: 'node',
    transform: { target: 'node22' },
    logLevel: 'warn',
    output: {
      file: CLI_FILE,
      format: 'esm',
      // The entry's `#!/usr/bin/env node` line is kept at the top of the file.
      minify: true,
      codeSplitting: false,
    },
  });
  fs.chmodSync(CLI_FILE, 0o755);
}
