import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { openDurablePGlite, type DurablePGlite } from './durable-pglite.ts';
import { GroupScheduler, type Statement } from './group-commit.ts';
import { preparedStatements } from './prepared-statements.ts';
import {
  DATABASE_ERROR_FIELDS,
  type PGliteWasm,
  type WorkerError,
  type WorkerRequest,
  type WorkerResponse,
  type WorkerStart,
} from './protocol.ts';

/**
 * The embedded database's own thread: PGlite (PostgreSQL in WebAssembly) and nothing else.
 * Requests run in the order they arrive, except that statements outside any transaction waiting
 * together may be reordered among themselves (see group-commit.ts).
 *
 * Group commit: every commit needs the disk to flush, and PGlite has one backend, so
 * committing each statement alone would cap the server at one statement per disk flush.
 * Statements outside any transaction that are waiting together run as one transaction, one
 * flush for all; each is answered only once that transaction has committed, so nothing is
 * acknowledged before it is on disk. No other session exists to see the group half done, and
 * each statement still runs whole or not at all: if one fails, the group is rolled back and its
 * statements run again one by one, from the same state, so only the failing one fails.
 * Inside a group, `now()` is the group's start, a few milliseconds early for its later members.
 * Large statements (an image's part, a file's chunk) commit in groups of their own, so no small
 * one waits for them to be answered.
 *
 * Between requests, the thread also takes the checkpoints PostgreSQL's checkpointer would
 * (see checkpoints.ts), never inside a caller's transaction: once due, when nothing has been
 * asked of it for a moment; while busy, only past a much larger amount of WAL.
 */

function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: WorkerError = { message: error.message };
  for (const field of DATABASE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') fields[field] = value;
  }
  return fields;
}

type Answer = { rows: unknown[]; affectedRows: number | undefined } | { error: WorkerError };

const port = parentPort!;
const { pgdata, wasmPort, checkpointPolicy } = workerData as WorkerStart;
const pgliteWasm = new Promise<PGliteWasm>((resolve) =>
  wasmPort.once('message', (wasm: PGliteWasm) => {
    wasmPort.close();
    resolve(wasm);
  }),
);
/**
 * The buffers of an answer's byte arrays, each its own (see wire-messages.ts): handed over to the
 * server's thread rather than copied, as a download's megabyte reads are.
 */
function buffersOf(message: WorkerResponse): ArrayBuffer[] {
  if (!('rows' in message)) return [];
  const buffers = new Set<ArrayBuffer>();
  for (const row of message.rows) {
    for (const value of Object.values(row as Record<string, unknown>)) {
      const whole =
        value instanceof Uint8Array &&
        value.byteOffset === 0 &&
        value.byteLength === value.buffer.byteLength &&
        value.buffer instanceof ArrayBuffer;
      if (whole) buffers.add(value.buffer);
    }
  }
  return [...buffers];
}

const reply = (message: WorkerResponse) => port.postMessage(message, buffersOf(message));

type Statements = ReturnType<typeof preparedStatements>;

async function answer(
  database: DurablePGlite,
  statements: Statements,
  request: WorkerRequest,
): Promise<Answer> {
  const { db } = database;
  try {
    switch (request.op) {
      case 'query':
        return await statements.run(request.sql, request.params);
      case 'exec': {
        const last = (await db.exec(request.sql)).at(-1);
        return { rows: last?.rows ?? [], affectedRows: last?.affectedRows };
      }
      case 'close':
        await database.close();
        return { rows: [], affectedRows: undefined };
    }
  } catch (error) {
    return { error: toWorkerError(error) };
  }
}

/**
 * Runs statements as one transaction and answers each once it has committed. If one fails, the
 * group is rolled back and each statement runs again alone (see above).
 */
async function runGroup(
  database: DurablePGlite,
  statements: Statements,
  group: readonly Statement[],
): Promise<Answer[]> {
  let together: Answer[] | null;
  try {
    together = await statements.runTogether(group);
  } catch (error) {
    // Not a statement's fault (the disk): no answer can say what was kept.
    return group.map(() => ({ error: toWorkerError(error) }));
  }
  if (together) return together;
  const alone: Answer[] = [];
  for (const statement of group) alone.push(await answer(database, statements, statement));
  return alone;
}

try {
  const queue: WorkerRequest[] = [];
  let draining = false;
  let idleTimer: NodeJS.Timeout | undefined;
  const database = await openDurablePGlite(pgdata, {
    wasm: await pgliteWasm,
    checkpointPolicy,
    onFlushedAhead: () => {
      if (!draining) checkpointWhenIdle();
    },
  });
  const { durable } = database;
  const statements = preparedStatements(database.db);
  const checkpointIfStillIdle = async () => {
    if (draining || database.db.isInTransaction()) return;
    draining = true;
    await database.checkpoints.betweenStatements({ idle: true });
    draining = false;
    if (queue.length > 0) void drain();
  };
  /** Takes a due checkpoint once nothing has come for a moment (any request cancels the wait). */
  const checkpointWhenIdle = () => {
    clearTimeout(idleTimer);
    const { idleMs } = database.checkpoints.policy;
    idleTimer = setTimeout(() => void checkpointIfStillIdle(), idleMs).unref();
  };
  /**
   * Sends answers once what produced them is on disk (see wal-sync.ts). A failed flush leaves
   * the database's state on disk unknown: the thread stops, as PostgreSQL would, and the server
   * fails every waiting request.
   */
  const replyWhenDurable = (messages: readonly WorkerResponse[]) => {
    durable()
      .then(() => messages.forEach(reply))
      .catch((error: unknown) =>
        setImmediate(() => {
          throw error;
        }),
      );
  };
  const scheduler = new GroupScheduler();

  const drain = async () => {
    draining = true;
    while (queue.length > 0) {
      // Between batches the thread's events run, so a finished flush is answered now, not once
      // the queue is next empty (a lower p99 in the notes benchmark).
      await new Promise((resolve) => setImmediate(resolve));
      // Whatever else has arrived joins the queue now, so a burst becomes one group.
      for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) {
        queue.push(next.message as WorkerRequest);
      }
      const batch = scheduler.take(queue);
      if (batch.length === 1) {
        const request = batch[0]!;
        const result = await answer(database, statements, request);
        if (request.op === 'close') {
          reply({ id: request.id, ...result });
          port.close();
          return;
        }
        replyWhenDurable([{ id: request.id, ...result }]);
        // Never inside a caller's transaction: a request sent outside any means none is open.
        if (!request.inTransaction) await database.checkpoints.betweenStatements({ idle: false });
        continue;
      }
      const group = batch as Statement[];
      const answers = await runGroup(database, statements, group);
      replyWhenDurable(group.map((statement, index) => ({ id: statement.id, ...answers[index]! })));
      await database.checkpoints.betweenStatements({ idle: false });
    }
    draining = false;
    if (database.checkpoints.due) checkpointWhenIdle();
  };

  port.on('message', (request: WorkerRequest) => {
    clearTimeout(idleTimer);
    queue.push(request);
    if (!draining) void drain();
  });
  reply({ id: 0, ready: true });
} catch (error) {
  reply({ id: 0, error: toWorkerError(error) });
}
