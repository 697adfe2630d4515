import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSIBLE_EXTENSIONS } from '../shared/content-types.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 1024;

function* filesIn(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the web build, compressed once at
 * the strongest settings, so the server answers with them at no cost per request (see
 * backend/src/http/web-bundle.ts). A variant that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ashnote:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of filesIn(outDir)) {
        if (COMPRESSIBLE_EXTENSIONS.includes(path.extname(file))) await writeCompressed(file);
      }
    },
  };
}

/** Writes `file.gz` and `file.br`, each only where it is smaller than the file. */
export async function writeCompressed(file: string): Promise<void> {
  const raw = fs.readFileSync(file);
  if (raw.length < MIN_BYTES) return;
  const variants: [string, Buffer][] = [
    ['.gz', await gzip(raw, { level: 9 })],
    [
      '.br',
      await brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ],
  ];
  for (const [suffix, compressed] of variants) {
    if (compressed.length < raw.length) fs.writeFileSync(file + suffix, compressed);
  }
}
