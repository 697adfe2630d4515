import type { PGliteOptions } from '@electric-sql/pglite';
import type { MessagePort } from 'node:worker_threads';
import type { CheckpointPolicy } from './checkpoints.ts';

/**
 * Messages between the server's thread and the embedded database's worker thread
 * (pglite-worker.ts). PGlite runs SQL synchronously inside WebAssembly, so it lives on its own
 * thread: a large statement (a 10 MB image) keeps the database busy, never the event loop that
 * answers every other request.
 */

/** PGlite's compiled WebAssembly, as the thread receives it on `wasmPort`. */
export type PGliteWasm = PGliteOptions['pgliteWasmModule'];

export interface WorkerStart {
  /** PGlite's data folder (`<DATA_DIR>/pgdata`). */
  pgdata: string;
  /**
   * Where PGlite's WebAssembly comes, once compiled: once per process, shared by every database
   * opened (a PGliteWasm).
   */
  wasmPort: MessagePort;
  /** When checkpoints are taken; CHECKPOINT_POLICY unless a test sets a smaller one. */
  checkpointPolicy?: CheckpointPolicy;
}

export type WorkerCall =
  | {
      op: 'query';
      sql: string;
      params: readonly unknown[];
      /**
       * Part of a transaction the caller opened. Statements outside one may be committed
       * together with others (group commit, see pglite-worker.ts).
       */
      inTransaction: boolean;
    }
  /**
   * Parameterless SQL through the simple protocol: several statements allowed (migrations).
   * Never committed together with others; outside a transaction it may run before statements
   * that were waiting when it came (see group-commit.ts).
   */
  | { op: 'exec'; sql: string; inTransaction: boolean }
  | { op: 'close' };

export type WorkerRequest = WorkerCall & { id: number };

/** What PostgreSQL said, kept field by field so MikroORM can map the SQLSTATE as it does for pg. */
export interface WorkerError {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
}

export type WorkerResponse =
  | { id: number; rows: unknown[]; affectedRows: number | undefined }
  | { id: number; error: WorkerError }
  /** Sent once, when the database is open (or could not be opened). */
  | { id: 0; ready: true }
  | { id: 0; error: WorkerError };

export const DATABASE_ERROR_FIELDS = [
  'code',
  'detail',
  'constraint',
  'table',
  'column',
  'severity',
] as const satisfies readonly (keyof WorkerError)[];
