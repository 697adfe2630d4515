import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './db/embedded/data-dir-lock.ts';

const MAIN = new URL('./main.ts', import.meta.url).pathname;

/** Runs the server's entry (from source) until it exits; its exit code and what it wrote to stderr. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('the server entry', () => {
  it('says plainly that the data directory is in use, though it opens it while loading', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-main-'));
    const release = await acquireDataDirLock(dataDir);
    try {
      const { code, stderr } = await runMain({ DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toMatch(/already in use/);
      // The message alone: no crash report of an unhandled rejection, no stack.
      expect(stderr).not.toMatch(/\n\s+at |Unhandled|failed to start/);
    } finally {
      await release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops with one line naming the variable and the file when a secret file is bad', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-main-'));
    try {
      const missing = path.join(folder, 'no-such-key');
      const { code, stderr } = await runMain({ DATA_DIR: folder, MAIL_KEY_FILE: missing });
      expect(code).toBe(1);
      expect(stderr).toBe(
        `Invalid configuration: MAIL_KEY_FILE: the file ${missing} does not exist\n`,
      );

      const secret = 'not-base64-at-all!';
      const malformed = path.join(folder, 'mail-key');
      fs.writeFileSync(malformed, `${secret}\n`);
      const bad = await runMain({ DATA_DIR: folder, MAIL_KEY_FILE: malformed });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^Invalid configuration: MAIL_KEY_FILE \(.*mail-key\): must be/);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
      expect(bad.stderr).not.toContain(secret);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
