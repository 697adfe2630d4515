import { type PGlite, parse, protocol } from '@electric-sql/pglite';

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

/** Describe (the unnamed portal), Execute (all rows), Sync: what follows every Bind. */
const AFTER_BIND = Buffer.from(
  concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
);

/**
 * Bind `values` to the prepared statement `name`, then describe, execute and sync, as one
 * message: the length of each value is measured once (natively), and each is copied once.
 */
export function runMessage(name: string, values: readonly WireValue[]): Buffer {
  const lengths = values.map((value) =>
    value === null ? -1 : typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength,
  );
  const names = 1 + Buffer.byteLength(name) + 1; // portal "" and the statement, each NUL-ended
  const formats = 2 + 2 * values.length;
  const data = 2 + lengths.reduce((sum, length) => sum + 4 + Math.max(length, 0), 0);
  const bindLength = 4 + names + formats + data + 2; // the length itself … result formats
  const message = Buffer.allocUnsafe(1 + bindLength + AFTER_BIND.length);
  let at = message.write('B', 0, 'latin1');
  at = message.writeInt32BE(bindLength, at);
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
  AFTER_BIND.copy(message, at);
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

  return {
    async run(sql: string, params: readonly unknown[]): Promise<StatementResult> {
      let statement = prepared.get(sql);
      if (statement) {
        // Most recently used last, so the first entry is the one to evict.
        prepared.delete(sql);
        prepared.set(sql, statement);
      } else {
        statement = await prepare(sql);
      }
      const values = params.map((param, index): WireValue => {
        if (param === null || param === undefined) return null;
        if (param instanceof Uint8Array) return param;
        const serializer = db.serializers[statement.parameterTypes[index]!];
        return serializer ? (serializer(param) as string) : String(param);
      });
      const { messages } = await db.execProtocol(runMessage(statement.name, values));
      const [result] = parse.parseResults(messages, db.parsers);
      return { rows: result?.rows ?? [], affectedRows: result?.affectedRows };
    },
  };
}
