import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

const OWNER_FILE = 'ashnote.lock';
/** Unix socket paths are limited to about 104 bytes; longer ones move to the temp folder. */
const MAX_SOCKET_PATH = 100;

/**
 * Where a local socket tied to a data folder lives: in the folder when its path is short enough,
 * else in the temp folder under a name derived from the folder; a named pipe on Windows. The
 * lock's (below), and the one a running server answers backup requests on (db/backup/).
 */
export function dataDirSocketPath(dataDir: string, purpose: 'lock' | 'backup'): string {
  const hash = crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  // The lock's names are those of versions that had no other socket: an older server on the
  // same folder must still be found.
  const name = `ashnote-${hash}${purpose === 'lock' ? '' : `-${purpose}`}`;
  if (process.platform === 'win32') return `\\\\?\\pipe\\${name}`;
  const inside = path.join(dataDir, `ashnote.${purpose}.sock`);
  return inside.length <= MAX_SOCKET_PATH ? inside : path.join(os.tmpdir(), `${name}.sock`);
}

export const lockSocketPath = (dataDir: string): string => dataDirSocketPath(dataDir, 'lock');

function listen(socketPath: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((connection) => connection.destroy());
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      server.unref();
      resolve(server);
    });
  });
}

function someoneListens(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * The embedded database is a single-writer store: two servers on one data folder would corrupt
 * it. The owner listens on a local socket tied to the folder; the kernel closes it when the
 * owner exits, however it exits, so a lock can never outlive its process, and a new process that
 * happens to reuse a dead owner's pid cannot keep the folder locked. The folder is made private
 * to its user (0700): it holds the database.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const socketPath = lockSocketPath(dataDir);
  const ownerFile = path.join(dataDir, OWNER_FILE);
  let server: net.Server;
  try {
    server = await listen(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await someoneListens(socketPath)) {
      const owner = fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8').trim() : '';
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is already in use by another Ashnote server` +
          `${/^\d+$/.test(owner) ? ` (process ${owner})` : ''}. ` +
          'Stop that server first, or set DATA_DIR to a different folder.',
      );
    }
    // A socket file left by a process that is gone: nobody answers on it.
    fs.rmSync(socketPath, { force: true });
    server = await listen(socketPath);
  }
  // For the message a second server prints; the socket, not this file, is the lock.
  fs.writeFileSync(ownerFile, String(process.pid), { mode: 0o600 });
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    fs.rmSync(ownerFile, { force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
