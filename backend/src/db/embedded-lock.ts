import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'ashnote.lock';

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is a single-writer store: two servers on one data directory would
 * corrupt it. A lock file holding the owner's pid keeps the second one out, with a message
 * that says what to do. A lock left by a crashed process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is already in use by another Ashnote server ` +
            `(process ${owner}${owner === process.pid ? ', this one' : ''}). ` +
            'Stop that server first, or set DATA_DIR to a different folder.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}.`);
}
