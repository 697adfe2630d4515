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
    throw error;
  }
}
