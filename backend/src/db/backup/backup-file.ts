import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';

/**
 * An embedded database's backup file: gzip-compressed JSON lines, one record a line.
 *
 *   {"format":"ashnote-backup","version":1,"createdAt":"…","migrations":["Migration…",…]}
 *   {"table":"note","columns":["id","content",…]}
 *   {"row":{…}}                        one per row, as PostgreSQL's row_to_json wrote it
 *   {"sequence":"…_id_seq","value":"12"}
 *   {"end":{"tables":15,"rows":1234}}
 *
 * gzip's CRC-32 and length catch a damaged or cut file, and the last line's counts a file that
 * was cut between lines and compressed again; restore reads the whole file before it creates
 * anything. It holds what the database holds: the ciphertext of unread notes, sealed
 * addresses, the server's secrets. So it is created for its owner only (0600), and appears
 * under its name only once complete.
 */

export const BACKUP_FORMAT = 'ashnote-backup';
export const BACKUP_VERSION = 1;
const ROW_PREFIX = '{"row":';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The schema the rows fit: the names of the migrations applied, in order. */
  migrations: string[];
}

export type BackupRecord =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: string; columns: string[] }
  /** One row as JSON text, columns by name (bytea as `\x…` hex, timestamps ISO). */
  | { kind: 'row'; table: string; json: string }
  | { kind: 'sequence'; sequence: string; value: string | null }
  | { kind: 'end'; tables: number; rows: number };

/** The file is not a backup this version can read; its message is the one line to print. */
export class BackupFileError extends Error {
  override readonly name = 'BackupFileError';
}

/** Writes records as the file's lines, waiting whenever the stream asks to. */
export class BackupLines {
  readonly #out: Writable;
  tables = 0;
  rows = 0;

  constructor(out: Writable) {
    this.#out = out;
  }

  async #line(text: string): Promise<void> {
    if (!this.#out.write(`${text}\n`)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        this.#out.once('error', onError);
        this.#out.once('drain', () => {
          this.#out.off('error', onError);
          resolve();
        });
      });
    }
  }

  header(migrations: string[]) {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
    };
    return this.#line(JSON.stringify(header));
  }
  table(table: string, columns: string[]) {
    this.tables++;
    return this.#line(JSON.stringify({ table, columns }));
  }
  /** `json`: the row as PostgreSQL wrote it, copied without parsing. */
  row(json: string) {
    this.rows++;
    return this.#line(`${ROW_PREFIX}${json}}`);
  }
  sequence(sequence: string, value: string | null) {
    return this.#line(JSON.stringify({ sequence, value }));
  }
  end() {
    return this.#line(JSON.stringify({ end: { tables: this.tables, rows: this.rows } }));
  }
}

/**
 * Creates `file` through a private temporary file beside it: `write` fills it, `check` (if
 * given) accepts it, and only then does it take the name, replacing any file there. A failure
 * leaves no partial file and any older backup under that name untouched.
 */
export async function writeFileAtomically(
  file: string,
  write: (out: fs.WriteStream) => Promise<void>,
  check?: (written: string) => Promise<void>,
): Promise<void> {
  const partial = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.partial`,
  );
  const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    await new Promise<void>((resolve, reject) => {
      out.once('open', () => resolve());
      out.once('error', reject);
    });
    await write(out);
    if (!out.writableFinished) {
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(resolve);
      });
    }
    const handle = await fs.promises.open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await check?.(partial);
    await fs.promises.rename(partial, file);
  } catch (error) {
    out.destroy();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/**
 * gzip's fastest level: the bulk of a backup is ciphertext in base64, which compresses by the
 * same quarter at level 1 as at the default 6 (39.4 MB either way for 53 MB of lines), in less
 * time.
 */
export const compress = () => zlib.createGzip({ level: 1 });

/** Writes a backup to `out`: `produce` writes its lines, gzip compresses them. */
export async function writeBackup(
  out: Writable,
  produce: (lines: BackupLines) => Promise<void>,
): Promise<{ tables: number; rows: number }> {
  const gzip = compress();
  const lines = new BackupLines(gzip);
  const piping = pipeline(gzip, out);
  try {
    await produce(lines);
    gzip.end();
  } catch (error) {
    gzip.destroy(error as Error);
    await piping.catch(() => {});
    throw error;
  }
  await piping;
  return { tables: lines.tables, rows: lines.rows };
}

/** The file's lines, decompressed; a damaged or cut file fails with a BackupFileError. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  const reading = pipeline(fs.createReadStream(file), gunzip);
  reading.catch(() => {});
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending += decoder.write(chunk);
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        yield pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
    }
    await reading;
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupFileError(`${file} does not exist.`);
    if (code === 'EACCES') throw new BackupFileError(`${file} cannot be read: permission denied.`);
    if (code === 'EISDIR') throw new BackupFileError(`${file} is a folder, not a backup file.`);
    throw new BackupFileError(
      `${file} is not a complete Ashnote backup: it is damaged, cut short or not a backup (${(error as Error).message}).`,
    );
  }
  pending += decoder.end();
  if (pending !== '') yield pending;
}

const notABackup = (file: string, why: string) =>
  new BackupFileError(`${file} is not a complete Ashnote backup: ${why}.`);

function parseLine(file: string, line: string, lineNumber: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Reported below, as any line that is not a record.
  }
  throw notABackup(file, `line ${lineNumber} is not a record`);
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The file's records in order, each checked as it is read: a header first, rows only inside a
 * table, and an end whose counts match, with nothing after it. Throws a BackupFileError at the
 * first thing wrong, so a caller that reads it all before acting changes nothing on a bad file.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupRecord> {
  let lineNumber = 0;
  let table: string | null = null;
  let tables = 0;
  let rows = 0;
  let ended = false;
  for await (const line of linesOf(file)) {
    lineNumber++;
    if (ended) throw notABackup(file, 'it goes on after its end');
    // A row is handed on as written, unparsed (gzip's checksum vouches for it): the bulk of a
    // file, and PostgreSQL parses it on the way in anyway.
    if (line.startsWith(ROW_PREFIX) && line.endsWith('}') && lineNumber > 1) {
      if (table === null) throw notABackup(file, `line ${lineNumber} is a row outside any table`);
      rows++;
      yield { kind: 'row', table, json: line.slice(ROW_PREFIX.length, -1) };
      continue;
    }
    const record = parseLine(file, line, lineNumber);
    if (lineNumber === 1) {
      if (record.format !== BACKUP_FORMAT) throw notABackup(file, 'it has no backup header');
      if (record.version !== BACKUP_VERSION) {
        throw new BackupFileError(
          `${file} is a backup of format version ${String(record.version)}; this Ashnote reads version ${BACKUP_VERSION}.`,
        );
      }
      if (typeof record.createdAt !== 'string' || !isStrings(record.migrations)) {
        throw notABackup(file, 'its header is incomplete');
      }
      yield { kind: 'header', header: record as unknown as BackupHeader };
    } else if (typeof record.table === 'string' && isStrings(record.columns)) {
      table = record.table;
      tables++;
      yield { kind: 'table', table, columns: record.columns };
    } else if (
      typeof record.sequence === 'string' &&
      (typeof record.value === 'string' || record.value === null)
    ) {
      yield { kind: 'sequence', sequence: record.sequence, value: record.value };
    } else if (typeof record.end === 'object' && record.end !== null) {
      const end = record.end as Record<string, unknown>;
      if (end.tables !== tables || end.rows !== rows) {
        throw notABackup(file, 'it holds fewer rows than its end says');
      }
      ended = true;
      yield { kind: 'end', tables, rows };
    } else {
      throw notABackup(file, `line ${lineNumber} is not a record`);
    }
  }
  if (lineNumber === 0) throw notABackup(file, 'it is empty');
  if (!ended) throw notABackup(file, 'it ends before its last record');
}

/** Reads the whole file through, checking it; resolves with its header and counts. */
export async function checkBackup(
  file: string,
): Promise<{ header: BackupHeader; tables: number; rows: number }> {
  let header: BackupHeader | null = null;
  for await (const record of readBackup(file)) {
    if (record.kind === 'header') header = record.header;
    if (record.kind === 'end') return { header: header!, tables: record.tables, rows: record.rows };
  }
  throw notABackup(file, 'it ends before its last record');
}
