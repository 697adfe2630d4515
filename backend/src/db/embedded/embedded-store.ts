import fs from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from './data-dir-lock.ts';
import {
  startEmbeddedDatabase,
  type EmbeddedDatabase,
  type StartOptions,
} from './pglite-thread.ts';

/** A data directory's embedded database, locked to this process. */
export interface EmbeddedStore {
  database: EmbeddedDatabase;
  /** Closes the database, then releases the data directory. */
  close(): Promise<void>;
}

/** Where in a data directory PostgreSQL's own files (its cluster) live. */
export const clusterFolder = (dataDir: string): string => path.join(dataDir, 'pgdata');

const READ_WRITE = fs.constants.R_OK | fs.constants.W_OK;
const READ_WRITE_ENTER = READ_WRITE | fs.constants.X_OK;

/**
 * After PGlite failed to open: the cluster folder, or the first file or folder in it, that the
 * server's user may not read and write (its error names it), if that is why. PGlite says only
 * that it aborted or failed to initialise. Looked for only then: it takes 10-40 ms, which every
 * start would otherwise wait for.
 */
function unusableFileIn(pgdata: string): Error | null {
  if (!fs.existsSync(pgdata)) return null;
  try {
    fs.accessSync(pgdata, READ_WRITE_ENTER);
    for (const entry of fs.readdirSync(pgdata, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      fs.accessSync(file, entry.isDirectory() ? READ_WRITE_ENTER : READ_WRITE);
    }
    return null;
  } catch (error) {
    return error as Error;
  }
}

/**
 * Locks the data directory (one server per directory) and opens PGlite in it on its own
 * thread. Light to import, so `npm start` can begin this before loading the rest of the server.
 */
export async function openEmbeddedStore(
  dataDir: string,
  { onThreadStarted }: Pick<StartOptions, 'onThreadStarted'> = {},
): Promise<EmbeddedStore> {
  const release = await acquireDataDirLock(dataDir);
  try {
    const database = await startEmbeddedDatabase(clusterFolder(dataDir), { onThreadStarted });
    return {
      database,
      async close() {
        await database.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw unusableFileIn(clusterFolder(dataDir)) ?? error;
  }
}
