import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { errorMessage, type Logger } from '../../logger.ts';
import type { Database } from '../database.ts';
import { dataDirSocketPath } from '../embedded/data-dir-lock.ts';
import {
  BackupFileError,
  BackupLines,
  checkBackup,
  compress,
  writeFileAtomically,
} from './backup-file.ts';
import { exportSnapshot } from './snapshot.ts';

/**
 * How `npm run db:backup` gets a backup from a running server: the server owns its data folder
 * (the lock), so it is asked, on a local socket tied to the folder, to take the snapshot.
 *
 * Only the server's own user may ask: the request carries a random token the server writes in
 * the data folder (0700) for its user alone (0600). The socket itself is made 0600 too, but when
 * the folder's path is too long for a socket it lives in the shared temp folder, where the
 * token is what keeps other users out.
 *
 * The server writes the snapshot's lines to a file in the data folder, uncompressed: the
 * database is held only while its rows are read (compressing them as they came doubled that
 * time), and a slow reader on the socket never holds it. It then sends a line of JSON
 * (`{"ok":true}` or `{"error":"…"}`) and the file, compressed on the way. The command writes it
 * to the backup file and checks it whole (gzip's checksum, the end's counts) before giving it its
 * name: a server that fails halfway leaves a cut stream, never a backup.
 */

const TOKEN_FILE = 'ashnote.backup.token';
const SNAPSHOT_PREFIX = 'backup-snapshot-';

export const backupSocketPath = (dataDir: string) => dataDirSocketPath(dataDir, 'backup');

/** The server's side: answers backup requests until the returned function stops it. */
export async function serveBackups(
  dataDir: string,
  database: Database,
  logger: Logger,
): Promise<() => Promise<void>> {
  // Left by a server that stopped while writing one.
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith(SNAPSHOT_PREFIX)) fs.rmSync(path.join(dataDir, name), { force: true });
  }
  const token = crypto.randomBytes(32);
  const tokenFile = path.join(dataDir, TOKEN_FILE);
  fs.writeFileSync(tokenFile, token.toString('hex'), { mode: 0o600 });
  // The mode above applies only to a new file; one left by an earlier server keeps its own.
  fs.chmodSync(tokenFile, 0o600);
  const socketPath = backupSocketPath(dataDir);
  // This server holds the data folder's lock, so a socket there is a stopped server's.
  if (process.platform !== 'win32') fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    void answer(connection).catch((error: unknown) => {
      logger.warn('backup request failed', { error: errorMessage(error) });
      connection.destroy();
    });
  });

  async function answer(connection: net.Socket) {
    const line = await firstLine(connection);
    const given = Buffer.from(line.text, 'utf8');
    const expected = Buffer.from(token.toString('hex'), 'utf8');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      connection.end(`${JSON.stringify({ error: 'The backup token does not match.' })}\n`);
      return;
    }
    const snapshot = path.join(dataDir, `${SNAPSHOT_PREFIX}${crypto.randomUUID()}`);
    try {
      const started = performance.now();
      const out = fs.createWriteStream(snapshot, { flags: 'wx', mode: 0o600 });
      const lines = new BackupLines(out);
      await exportSnapshot(database.sql, lines);
      const heldMs = Math.round(performance.now() - started);
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(resolve);
      });
      connection.write(`${JSON.stringify({ ok: true })}\n`);
      await pipeline(fs.createReadStream(snapshot), compress(), connection);
      logger.info('backup taken', {
        rows: lines.rows,
        databaseHeldMs: heldMs,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      logger.error('backup failed', { error: errorMessage(error) });
      if (connection.writable) {
        connection.end(
          `${JSON.stringify({ error: `The server could not take the backup: ${errorMessage(error)}` })}\n`,
        );
      }
    } finally {
      fs.rmSync(snapshot, { force: true });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (process.platform !== 'win32') fs.chmodSync(socketPath, 0o600);
  server.unref();
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(tokenFile, { force: true });
  };
}

/**
 * A connection's first line (at most a few KB), and whatever came with it after. Read by events,
 * not by iterating: ending an iteration early would destroy the socket.
 */
function firstLine(connection: net.Socket): Promise<{ text: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const done = () => {
      connection.off('data', onData).off('end', onEnd).off('error', reject);
      connection.pause();
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const newline = received.indexOf(10);
      if (newline !== -1) {
        done();
        resolve({
          text: received.subarray(0, newline).toString('utf8'),
          rest: received.subarray(newline + 1),
        });
      } else if (received.length > 4096) {
        done();
        reject(new BackupRequestError('The other side sent no line.'));
      }
    };
    const onEnd = () => {
      done();
      reject(new BackupRequestError('The connection closed without an answer.'));
    };
    connection.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/** The backup could not be taken or received; the message is the one line to print. */
export class BackupRequestError extends Error {
  override readonly name = 'BackupRequestError';
}

/**
 * The command's side: asks the server running on `dataDir` for a backup and writes it to
 * `file`. Resolves with its counts, or null when no server answers there (none is running).
 */
export async function requestBackup(
  dataDir: string,
  file: string,
): Promise<{ tables: number; rows: number } | null> {
  const connection = await connect(backupSocketPath(dataDir));
  if (connection === null) return null;
  try {
    let token: string;
    try {
      token = fs.readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8');
    } catch (error) {
      throw new BackupRequestError(
        `Cannot read ${path.join(dataDir, TOKEN_FILE)} (${(error as NodeJS.ErrnoException).code}): run the backup as the server's user.`,
      );
    }
    connection.write(`${token}\n`);
    const answer = await firstLine(connection);
    const header = JSON.parse(answer.text) as { ok?: true; error?: string };
    if (typeof header.error === 'string') throw new BackupRequestError(header.error);
    let counts: { tables: number; rows: number } | null = null;
    await writeFileAtomically(
      file,
      async (out) => {
        async function* body() {
          yield answer.rest;
          yield* connection as AsyncIterable<Buffer>;
        }
        await pipeline(body, out);
      },
      async (written) => {
        try {
          counts = await checkBackup(written);
        } catch (error) {
          if (!(error instanceof BackupFileError)) throw error;
          throw new BackupRequestError(
            `The server's backup stopped before its end; ${file} was not written. The server's log says why.`,
          );
        }
      },
    );
    return counts;
  } finally {
    connection.destroy();
  }
}

/** A connection to the socket, or null when nothing listens there. */
function connect(socketPath: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(socketPath);
    connection.once('connect', () => resolve(connection));
    connection.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
