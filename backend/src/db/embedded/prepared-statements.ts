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
      const values = params.map((param, index) => {
        if (param === null || param === undefined) return null;
        const serializer = db.serializers[statement.parameterTypes[index]!];
        return serializer ? serializer(param) : String(param);
      });
      const { messages } = await db.execProtocol(
        concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      const [result] = parse.parseResults(messages, db.parsers);
      return { rows: result?.rows ?? [], affectedRows: result?.affectedRows };
    },
  };
}
