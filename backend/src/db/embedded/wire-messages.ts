import { messages, protocol, types, type PGlite } from '@electric-sql/pglite';
import { concatBytes } from '../../../../shared/crypto/bytes.ts';

/**
 * The bytes of PostgreSQL's extended protocol that prepared-statements.ts sends to PGlite and
 * reads back, each way in one buffer, without PGlite's own serializer and parser.
 *
 * Sending (`runMessage`): PGlite's serializer measures each string's UTF-8 length twice in a
 * JavaScript loop, grows and copies its buffer several times, and sends byte arrays as hex
 * text. Inserting 256 KiB image parts went from 19–30 ms of the database thread's CPU per MB to
 * 14–15 (measured with durable writes).
 *
 * Reading (`answerReader`, `readResults`): byte arrays (bytea) are asked for in binary and come
 * back as copies of their bytes, each in its own buffer, which the database thread hands over to
 * the server's rather than copying it (see pglite-worker.ts). As text they came as hex, which
 * PostgreSQL wrote out at twice the size and PGlite's parser decoded to UTF-8 and then parsed
 * two digits at a time in JavaScript: reading a file's 64 KiB chunks took ~15 ms of the thread
 * per chunk (4 MB/s, 85% of its time during `npm run bench -- files`), ~1 ms with a native hex
 * parser, ~0.15 ms in binary. Every other column stays text, parsed by PGlite's parsers as
 * before.
 */

const { serialize } = protocol;

/** A parameter as it goes over the wire: text, bytes (bytea, sent in binary), or NULL. */
export type WireValue = string | Uint8Array | null;

/** One run of a prepared statement: its name, its values as sent, its columns' formats. */
export interface Run {
  name: string;
  values: WireValue[];
  /** One format code per result column (1 binary, 0 text); empty when every one is text. */
  resultFormats: readonly number[];
}

export interface StatementResult {
  rows: unknown[];
  affectedRows: number | undefined;
}

/** The result format codes for a statement's columns: binary for bytea, text for the rest. */
export function resultFormatsOf(columnTypes: readonly number[]): number[] {
  if (!columnTypes.includes(types.BYTEA)) return [];
  return columnTypes.map((type) => (type === types.BYTEA ? 1 : 0));
}

/** Describe (the unnamed portal), Execute (all rows): what follows every Bind. */
const AFTER_BIND = Buffer.from(
  concatBytes(serialize.describe({ type: 'P' }), serialize.execute({})),
);
const SYNC = Buffer.from(serialize.sync());

/**
 * Each run's Bind (`values` to its prepared statement), Describe and Execute, then one Sync, in
 * one buffer: the length of each value is measured once (natively), and each is copied once.
 */
export function runMessage(runs: readonly Run[]): Buffer {
  const binds = runs.map(({ name, values, resultFormats }) => {
    const lengths = values.map((value) =>
      value === null ? -1 : typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength,
    );
    const names = 1 + Buffer.byteLength(name) + 1; // portal "" and the statement, each NUL-ended
    const formats = 2 + 2 * values.length;
    const data = 2 + lengths.reduce((sum, length) => sum + 4 + Math.max(length, 0), 0);
    const results = 2 + 2 * resultFormats.length;
    const length = 4 + names + formats + data + results; // the length itself … result formats
    return { name, values, lengths, resultFormats, length };
  });
  const size = binds.reduce((sum, bind) => sum + 1 + bind.length + AFTER_BIND.length, 0);
  const message = Buffer.allocUnsafe(size + SYNC.length);
  let at = 0;
  for (const { name, values, lengths, resultFormats, length } of binds) {
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
    at = message.writeInt16BE(resultFormats.length, at);
    for (const format of resultFormats) at = message.writeInt16BE(format, at);
    at += AFTER_BIND.copy(message, at);
  }
  SYNC.copy(message, at);
  return message;
}

/**
 * What the answer buffer starts at, and goes back to after a larger answer: a download's read of
 * 16 chunks is just over a megabyte.
 */
const ANSWER_BUFFER_BYTES = 2 * 1024 * 1024;

/**
 * Runs messages on PGlite and reads their answers. PostgreSQL writes an answer in pieces, each
 * a view of the WebAssembly memory that is reused after the call (a megabyte read of a file's
 * chunks comes in 33): they are copied into one buffer kept from call to call, so a read leaves
 * no garbage behind. Copied into new buffers and then joined, each megabyte read left 2 MB of
 * it: with the byte arrays also copied to the server's thread rather than handed over, the
 * database thread spent 250–610 ms of CPU on a 100 MB download, and the server's RSS grew by
 * 9–31 MB meanwhile; 160–240 ms and 0–18 MB since (the built server, six runs each).
 */
export function answerReader(db: PGlite) {
  let buffer = Buffer.allocUnsafeSlow(ANSWER_BUFFER_BYTES);
  let busy = false;

  return async function execute<Result>(
    message: Uint8Array,
    read: (answer: Buffer) => Result,
  ): Promise<Result> {
    // Calls come one at a time from the database thread; one that overlapped gets its own.
    const shared = !busy;
    let into = shared ? buffer : Buffer.allocUnsafeSlow(ANSWER_BUFFER_BYTES);
    busy = true;
    let length = 0;
    try {
      await db.execProtocolRawStream(message, {
        onRawData: (bytes) => {
          if (length + bytes.length > into.length) {
            const larger = Buffer.allocUnsafeSlow(Math.max(2 * into.length, length + bytes.length));
            into.copy(larger, 0, 0, length);
            into = larger;
          }
          into.set(bytes, length);
          length += bytes.length;
        },
      });
      return read(into.subarray(0, length));
    } finally {
      if (shared) {
        busy = false;
        // A rare larger answer's buffer is not kept.
        buffer =
          into.length > ANSWER_BUFFER_BYTES ? Buffer.allocUnsafeSlow(ANSWER_BUFFER_BYTES) : into;
      }
    }
  };
}

const code = (letter: string) => letter.charCodeAt(0);
const ROW_DESCRIPTION = code('T');
const DATA_ROW = code('D');
const COMMAND_COMPLETE = code('C');
const EMPTY_QUERY = code('I');
const ERROR_RESPONSE = code('E');

/** ErrorResponse's one-letter field codes, as pg's DatabaseError names them. */
const ERROR_FIELDS: Record<string, keyof messages.DatabaseError> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** Commands whose tag ends in the number of rows they changed. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

interface Column {
  name: string;
  type: number;
  binary: boolean;
}

/** A NUL-terminated string at `at`, and where the next field begins. */
function cstring(bytes: Buffer, at: number): [string, number] {
  const end = bytes.indexOf(0, at);
  return [bytes.toString('utf8', at, end), end + 1];
}

function columnsOf(bytes: Buffer, at: number): Column[] {
  const count = bytes.readInt16BE(at);
  const columns: Column[] = [];
  at += 2;
  for (let index = 0; index < count; index++) {
    const [name, next] = cstring(bytes, at);
    // table OID (4), column number (2), type OID (4), type size (2), type modifier (4), format (2)
    columns.push({
      name,
      type: bytes.readInt32BE(next + 6),
      binary: bytes.readInt16BE(next + 16) === 1,
    });
    at = next + 18;
  }
  return columns;
}

function rowOf(bytes: Buffer, at: number, columns: readonly Column[], parsers: PGlite['parsers']) {
  const row: Record<string, unknown> = {};
  at += 2; // the column count, the RowDescription's
  for (const column of columns) {
    const length = bytes.readInt32BE(at);
    at += 4;
    if (length < 0) row[column.name] = null;
    else {
      row[column.name] = column.binary
        ? new Uint8Array(bytes.subarray(at, at + length))
        : types.parseType(bytes.toString('utf8', at, at + length), column.type, parsers);
      at += length;
    }
  }
  return row;
}

function errorOf(bytes: Buffer, at: number, length: number): messages.DatabaseError {
  const fields = new Map<string, string>();
  while (bytes[at] !== 0) {
    const field = String.fromCharCode(bytes[at]!);
    const [value, next] = cstring(bytes, at + 1);
    fields.set(field, value);
    at = next;
  }
  const error = new messages.DatabaseError(fields.get('M') ?? 'unknown error', length, 'error');
  for (const [field, value] of fields) {
    const name = ERROR_FIELDS[field];
    if (name !== undefined) Object.assign(error, { [name]: value });
  }
  return error;
}

/**
 * Each statement's rows and count from its answer (each ends with its CommandComplete, or
 * EmptyQueryResponse); throws PostgreSQL's first error as PGlite's execProtocol would.
 */
export function readResults(bytes: Buffer, parsers: PGlite['parsers']): StatementResult[] {
  const results: StatementResult[] = [];
  let columns: Column[] = [];
  let rows: unknown[] = [];
  let error: messages.DatabaseError | null = null;
  for (let at = 0; at + 5 <= bytes.length;) {
    const type = bytes[at]!;
    const length = bytes.readInt32BE(at + 1);
    const body = at + 5;
    if (type === ROW_DESCRIPTION) columns = columnsOf(bytes, body);
    else if (type === DATA_ROW) rows.push(rowOf(bytes, body, columns, parsers));
    else if (type === COMMAND_COMPLETE || type === EMPTY_QUERY) {
      const tag = type === COMMAND_COMPLETE ? cstring(bytes, body)[0].split(' ') : [];
      const count = COUNTED.has(tag[0] ?? '') ? Number(tag.at(-1)) : 0;
      results.push({ rows, affectedRows: count });
      columns = [];
      rows = [];
    } else if (type === ERROR_RESPONSE) error ??= errorOf(bytes, body, length);
    at += 1 + length;
  }
  if (error) throw error;
  return results;
}
