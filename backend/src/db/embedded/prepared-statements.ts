import { type PGlite, messages, parse, protocol } from '@electric-sql/pglite';
import { concatBytes } from '../../../../shared/crypto/bytes.ts';
import {
  answerReader,
  readResults,
  resultFormatsOf,
  runMessage,
  type Run,
  type StatementResult,
  type WireValue,
} from './wire-messages.ts';

const { serialize } = protocol;

/**
 * Parameterised statements on PGlite, each parsed and planned once and then only bound and run.
 *
 * PGlite's own `query()` sends six protocol messages for every statement, each a separate call
 * into WebAssembly, and parses and plans the SQL every time. Here the first run of an SQL text
 * prepares it under a name (and learns its parameter and column types), and every run after is a
 * single call: bind, describe, execute, sync. The server's statements are a small fixed set, so
 * the cache stays small; it is bounded all the same, the least recently used going first.
 *
 * Statements committed together (group-commit.ts) go in one call too (`runTogether`): each bound
 * and run, then one Sync, so they run as one implicit transaction, committed at the Sync or
 * rolled back whole if any fails; a BEGIN and a COMMIT of their own would be two more calls.
 *
 * That call's message is built, and its answer read, in wire-messages.ts.
 *
 * What it earns (`npm run bench -- embedded`, 2,000 durable note cycles, 5 alternating rounds,
 * 2026-12-05): 1,190 [935–1,259] cycles/s at 605 µs of CPU each, against PGlite's `query()`'s
 * 602 [535–626] at 1,373 µs; with group commit (16 cycles per commit), 6,600 [5,978–8,796] at
 * 131 µs. This and group-commit.ts are what carry the embedded database past PrivateBin's file
 * store (1.72× in `npm run bench -- notes` the same day; target ≥ 1.5×).
 */

/** Far more than the server's distinct statements; bounds what odd callers could add. */
const MAX_PREPARED = 256;

interface Prepared {
  name: string;
  parameterTypes: number[];
  resultFormats: number[];
}

export type { StatementResult };

/** Names are unique across caches, should two ever share a database. */
let nextName = 1;

export function preparedStatements(db: PGlite, { max = MAX_PREPARED } = {}) {
  const prepared = new Map<string, Prepared>();
  const execute = answerReader(db);

  async function prepare(sql: string): Promise<Prepared> {
    const name = `ashnote_${nextName++}`;
    const described = await db.execProtocol(
      concatBytes(
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ),
    );
    const columns = described.messages.find(
      (message): message is messages.RowDescriptionMessage => message.name === 'rowDescription',
    );
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described.messages),
      resultFormats: resultFormatsOf(columns?.fields.map((field) => field.dataTypeID) ?? []),
    };
    if (prepared.size >= max) {
      const [oldestSql, oldest] = prepared.entries().next().value!;
      prepared.delete(oldestSql);
      await db.execProtocol(
        concatBytes(serialize.close({ type: 'S', name: oldest.name }), serialize.sync()),
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
    const { parameterTypes, resultFormats } = statement;
    const values = params.map((param, index): WireValue => {
      if (param === null || param === undefined) return null;
      if (param instanceof Uint8Array) return param;
      const serializer = db.serializers[parameterTypes[index]!];
      return serializer ? (serializer(param) as string) : String(param);
    });
    return { name: statement.name, values, resultFormats };
  }

  /** Runs statements in one call and returns each one's result; throws if any fails. */
  async function runAll(texts: readonly StatementText[]): Promise<StatementResult[]> {
    const runs: Run[] = [];
    for (const text of texts) runs.push(await toRun(text));
    return await execute(runMessage(runs), (answer) => readResults(answer, db.parsers));
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
