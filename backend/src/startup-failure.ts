import path from 'node:path';
import { ConfigError } from './config.ts';
import { DataDirInUseError } from './db/embedded/data-dir-lock.ts';

/**
 * What the server prints when it cannot start: one line saying what is wrong and what to check,
 * never a stack trace, for the ways an operator's setup goes wrong (a data directory the
 * server's user cannot use, a database it cannot reach or that refuses it). A failure of any
 * other kind still gets one line, its message; its stack follows only with LOG_LEVEL=debug.
 *
 * Never prints DATABASE_URL itself, which may hold a password: only its host, port and database.
 */

/** What the server was configured with, once its configuration loaded. */
export interface StartupSetting {
  dataDir: string;
  databaseUrl: string | null;
}

const FILE_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EEXIST: 'a file, not a directory, is in the way',
  EISDIR: 'is a directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
};

const NETWORK_PROBLEMS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** `host:port/database` of a PostgreSQL URL, without its credentials. */
function databaseAddress(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

const isWithin = (file: string, folder: string) => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** The line to print for `error`; `setting` is null when the configuration did not load. */
export function startupFailureLine(error: unknown, setting: StartupSetting | null): string {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) return error.message;
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);

  const fileProblem = code === undefined ? undefined : FILE_PROBLEMS[code];
  const file = (error as { path?: unknown } | null)?.path;
  if (fileProblem !== undefined && typeof file === 'string') {
    const hint =
      setting !== null && isWithin(file, setting.dataDir)
        ? ` DATA_DIR (${setting.dataDir}) must be a directory the server's user may create, read and write, with everything in it.`
        : '';
    return `Ashnote cannot use ${file}: ${fileProblem} (${code}).${hint}`;
  }

  if (setting !== null && setting.databaseUrl !== null) {
    const where = databaseAddress(setting.databaseUrl);
    const networkProblem = code === undefined ? undefined : NETWORK_PROBLEMS[code];
    if (networkProblem !== undefined) {
      return `Ashnote cannot reach PostgreSQL at ${where}: ${networkProblem} (${code}). Check DATABASE_URL, and that the database server is running and accepts connections from this machine.`;
    }
    // PostgreSQL's own refusals carry a five-character SQLSTATE (28P01: wrong password…).
    if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) {
      return `PostgreSQL at ${where} refused Ashnote: ${message} (SQLSTATE ${code}). Check DATABASE_URL.`;
    }
  }
  return `Ashnote failed to start: ${message.split('\n')[0]}`;
}
