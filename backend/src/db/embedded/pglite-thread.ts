import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { workerEntry } from '../../worker-entry.ts';
import type {
  PGliteWasm,
  WorkerCall,
  WorkerError,
  WorkerRequest,
  WorkerResponse,
  WorkerStart,
} from './protocol.ts';

/** A statement's result as PGlite gives it. */
export interface EmbeddedResult<Row> {
  rows: Row[];
  affectedRows: number | undefined;
}

/** The embedded database as the server's thread sees it: PGlite on its worker thread. */
export interface EmbeddedDatabase {
  /**
   * One parameterised statement. Outside a transaction (the default) it may be committed
   * together with others waiting at the same time; it is answered once committed.
   */
  query<Row>(
    sql: string,
    params: readonly unknown[],
    options?: { inTransaction: boolean },
  ): Promise<EmbeddedResult<Row>>;
  /**
   * Parameterless SQL through the simple protocol; several statements allowed. `inTransaction`
   * is true for SQL that is part of a transaction or opens or ends one.
   */
  exec<Row>(sql: string, options: { inTransaction: boolean }): Promise<EmbeddedResult<Row>>;
  /** Closes PGlite (flushing it) and ends the thread. */
  close(): Promise<void>;
}

/** A PostgreSQL error from the worker, with its SQLSTATE `code` as pg's errors carry it. */
export class EmbeddedDatabaseError extends Error {
  override readonly name = 'DatabaseError';
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;
  readonly severity: string | undefined;

  constructor(error: WorkerError) {
    super(error.message);
    this.code = error.code;
    this.detail = error.detail;
    this.constraint = error.constraint;
    this.table = error.table;
    this.column = error.column;
    this.severity = error.severity;
  }
}

const WORKER_ENTRY = workerEntry(new URL('./pglite-worker.ts', import.meta.url));

// Node has WebAssembly; the backend's TypeScript libs (no DOM) don't declare it.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<PGliteWasm> };

let compiled: Promise<PGliteWasm> | null = null;

/** PGlite's WebAssembly, compiled once per process (~50 ms here: V8 compiles most of it lazily). */
function pgliteWasm(): Promise<PGliteWasm> {
  compiled ??= (async () => {
    // The package exports no path to its .wasm; it sits beside the package's entry.
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(
      await fs.promises.readFile(path.join(path.dirname(entry), 'pglite.wasm')),
    );
  })();
  return compiled;
}

export interface StartOptions extends Pick<WorkerStart, 'checkpointPolicy'> {
  /** Called once the thread exists and has its WebAssembly; it then opens PGlite on its own. */
  onThreadStarted?: () => void;
}

/** Starts PGlite on its own thread over `pgdata`; resolves once the database is open. */
export async function startEmbeddedDatabase(
  pgdata: string,
  { checkpointPolicy, onThreadStarted }: StartOptions = {},
): Promise<EmbeddedDatabase> {
  // The thread starts (and loads PGlite's JavaScript) while the WebAssembly is read and
  // compiled, then receives it on its own port: ~70 ms off the start of an existing database.
  const wasmChannel = new MessageChannel();
  const workerData: WorkerStart = { pgdata, wasmPort: wasmChannel.port2, checkpointPolicy };
  const worker = new Worker(WORKER_ENTRY, { workerData, transferList: [wasmChannel.port2] });
  const pending = new Map<
    number,
    { resolve: (response: WorkerResponse) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let failure: Error | null = null;

  const failAll = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('message', (response: WorkerResponse) => {
    const waiting = pending.get(response.id);
    pending.delete(response.id);
    waiting?.resolve(response);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) =>
    failAll(new Error(`The embedded database thread stopped (exit code ${code}).`)),
  );
  pgliteWasm().then(
    (wasm) => {
      wasmChannel.port1.postMessage(wasm);
      wasmChannel.port1.close();
      onThreadStarted?.();
    },
    (error: unknown) => {
      failAll(error as Error);
      void worker.terminate();
    },
  );

  const ready = new Promise<WorkerResponse>((resolve, reject) =>
    pending.set(0, { resolve, reject }),
  );
  const opened = await ready;
  if ('error' in opened) {
    await worker.terminate();
    throw new EmbeddedDatabaseError(opened.error);
  }

  const call = <Row>(request: WorkerCall): Promise<EmbeddedResult<Row>> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<WorkerResponse>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies WorkerRequest);
    }).then((response) => {
      if ('error' in response) throw new EmbeddedDatabaseError(response.error);
      if (!('rows' in response)) throw new Error('Unexpected answer from the database thread');
      return { rows: response.rows as Row[], affectedRows: response.affectedRows };
    });
  };

  let closing: Promise<void> | null = null;
  return {
    query: (sql, params, options) =>
      call({ op: 'query', sql, params, inTransaction: options?.inTransaction ?? false }),
    exec: (sql, { inTransaction }) => call({ op: 'exec', sql, inTransaction }),
    close() {
      closing ??= (async () => {
        if (failure === null) await call({ op: 'close' });
        await worker.terminate();
      })();
      return closing;
    },
  };
}
