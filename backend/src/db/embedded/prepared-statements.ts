import { type PGlite, messages, parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * Parameterised statements on PGlite, each parsed and planned once and then only bound and run.
 *
 * PGlite's own `query()` sends six protocol messages for every statement, each a separate call
 * into WebAssembly, and parses and plans the SQL every time. Here the first run of an SQL text
 * prepares it under a name (and learns its parameter types), and every run after is a single
 * call: bind, describe, execute, sync. The server's statements are a small fixed set, so the
 * cache stays small; it is bounded all the same, the least recently used going first.
 *
 * Statements committed together (group-commit.ts) go in one call too (`runTogether`): each bound
 * and run, then one Sync, so they run as one implicit transaction, committed at the Sync or
 * rolled back whole if any fails; a BEGIN and a COMMIT of their own would be two more calls.
 *
 * That call's message is built here in one buffer (`runMessage`): PGlite's serializer measures
 * each string's UTF-8 length twice in a JavaScript loop, grows and copies its buffer several
 * times, and sends byte arrays as hex text. Inserting 256 KiB image parts went from 19–30 ms of
 * the database thread's CPU per MB to 14–15 (measured with durable writes).
 */

/** Far more than the server's distinct statements; bounds what odd callers could add. */
const MAX_PREPARED = 256;

interface Prepared {
  name: string;
  parameterTypes: number[];
}

export interface StatementResult {
  rows: unknown[];
  affectedRows: number | undefined;
}

/** A parameter as it goes over the wire: text, bytes (bytea, sent in binary), or NULL. */
type WireValue = string | Uint8Array | null;

/** Describe (the unnamed portal), Execute (all rows): what follows every Bind. */
const AFTER_BIND = Buffer.from(concat([serialize.describe({ type: 'P' }), serialize.execute({})]));
const SYNC = Buffer.from(serialize.sync());

/** One run of a prepared statement: its name and its values as sent. */
interface Run {
  name: string;
  values: WireValue[];
}

/**
 * Each run's Bind (`values` to its prepared statement), Describe and Execute, then one Sync, in
 * one buffer: the length of each value is measured once (natively), and each is copied once.
 */
function runMessage(runs: readonly Run[]): Buffer {
  const binds = runs.map(({ name, values }) => {
    const lengths = values.map((value) =>
      value === null ? -1 : typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength,
    );
    const names = 1 + Buffer.byteLength(name) + 1; // portal "" and the statement, each NUL-ended
    const formats = 2 + 2 * values.length;
    const data = 2 + lengths.reduce((sum, length) => sum + 4 + Math.max(length, 0), 0);
    const length = 4 + names + formats + data + 2; // the length itself … result formats
    return { name, values, lengths, length };
  });
  const size = binds.reduce((sum, bind) => sum + 1 + bind.length + AFTER_BIND.length, 0);
  const message = Buffer.allocUnsafe(size + SYNC.length);
  let at = 0;
  for (const { name, values, lengths, length } of binds) {
    at += message.write('B', at, 'latin1');
    at = message.writeInt32BE(length, at);
    at = message.writeUInt8(0, at);
    at += message.write(name, at, 'utf8');
    at = message.writeUInt8(0, at);
    at = message.writeInt16BE(values.length, at);
    for (const value of values) at = message.writeInt16BE(value instanceof Uint8Array ? 1 : 0, at);
    at = message.writeInt16BE(values.length, at);
    values.forEach((value, index) => {
      at = message.writeInt32BE(lengths[index]!, at);
      if (typeof value === 'string') at += message.write(value, at, 'utf8');
      else if (value !== null) {
        message.set(value, at);
        at += value.byteLength;
      }
    });
    // Zero result format codes: every column comes back as text, as PGlite's parsers expect.
    at = message.writeInt16BE(0, at);
    at += AFTER_BIND.copy(message, at);
  }
  SYNC.copy(message, at);
  return message;
}

function concat(messages: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(messages.reduce((size, message) => size + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    whole.set(message, offset);
    offset += message.length;
  }
  return whole;
}

/** Names are unique across caches, should two ever share a database. */
let nextName = 1;

export function preparedStatements(db: PGlite, { max = MAX_PREPARED } = {}) {
  const prepared = new Map<string, Prepared>();

  async function prepare(sql: string): Promise<Prepared> {
    const name = `ashnote_${nextName++}`;
    const { messages } = await db.execProtocol(
      concat([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    if (prepared.size >= max) {
      const [oldestSql, oldest] = prepared.entries().next().value!;
      prepared.delete(oldestSql);
      await db.execProtocol(
        concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]),
      );
    }
    prepared.set(sql, statement);
    return statement;
  }

  async function toRun({ sql, params }: StatementText): Promise<Run> {
    let statement = prepared.get(sql);
    if (statement) {
      // Most recently used last, so the first entry is the one to evict.
      prepared.delete(sql);
      prepared.set(sql, statement);
    } else {
      statement = await prepare(sql);
    }
    const { parameterTypes } = statement;
    const values = params.map((param, index): WireValue => {
      if (param === null || param === undefined) return null;
      if (param instanceof Uint8Array) return param;
      const serializer = db.serializers[parameterTypes[index]!];
      return serializer ? (serializer(param) as string) : String(param);
    });
    return { name: statement.name, values };
  }

  /** Runs statements in one call and returns each one's result; throws if any fails. */
  async function runAll(texts: readonly StatementText[]): Promise<StatementResult[]> {
    const runs: Run[] = [];
    for (const text of texts) runs.push(await toRun(text));
    const { messages } = await db.execProtocol(runMessage(runs));
    return resultsOf(messages, db.parsers);
  }

  return {
    async run(sql: string, params: readonly unknown[]): Promise<StatementResult> {
      return (await runAll([{ sql, params }]))[0]!;
    },
    /**
     * Runs statements outside any transaction as one implicit transaction: all are committed
     * together, or, if PostgreSQL refuses one, none is and this gives null. Anything else that
     * fails (the disk, PGlite itself) is thrown: whether the group was kept is then unknown.
     */
    async runTogether(texts: readonly StatementText[]): Promise<StatementResult[] | null> {
      try {
        return await runAll(texts);
      } catch (error) {
        if (error instanceof messages.DatabaseError) return null;
        throw error;
      }
    },
  };
}

interface StatementText {
  sql: string;
  params: readonly unknown[];
}

type BackendMessages = Awaited<ReturnType<PGlite['execProtocol']>>['messages'];

/**
 * Each statement's rows and count: its messages end with its CommandComplete (an empty one's
 * with EmptyQueryResponse). PGlite's parseResults splits them the same way, but adds up the
 * affected rows as it goes.
 */
function resultsOf(messages: BackendMessages, parsers: PGlite['parsers']): StatementResult[] {
  const results: StatementResult[] = [];
  let start = 0;
  messages.forEach((message, index) => {
    if (message.name !== 'commandComplete' && message.name !== 'emptyQuery') return;
    const [result] = parse.parseResults(messages.slice(start, index + 1), parsers);
    results.push({ rows: result?.rows ?? [], affectedRows: result?.affectedRows });
    start = index + 1;
  });
  return results;
}
