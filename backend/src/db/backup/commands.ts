import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { startupFailureLine } from '../../startup-failure.ts';
import { openDatabase, type Database } from '../database.ts';
import { DataDirInUseError } from '../embedded/data-dir-lock.ts';
import { clusterFolder } from '../embedded/embedded-store.ts';
import { migrate } from '../migrate.ts';
import { migrations } from '../migrations/index.ts';
import {
  BackupFileError,
  checkBackup,
  readBackup,
  writeBackup,
  writeFileAtomically,
  type BackupHeader,
} from './backup-file.ts';
import { BackupRequestError, requestBackup } from './backup-socket.ts';
import { SnapshotMismatchError, exportSnapshot, importSnapshot } from './snapshot.ts';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE`: the embedded database's backup
 * and restore (db/backup/). Each prints one line, on stdout when it worked, on stderr (exit 1)
 * when not, never a stack. PostgreSQL has pg_dump and pg_restore (docs/operations.md,
 * "Backups and restore").
 */

/** A failure whose message is the line to print. */
class CommandError extends Error {
  override readonly name = 'CommandError';
}

const silent = createLogger('silent');

export interface CommandOutput {
  out(line: string): void;
  error(line: string): void;
}

const processOutput: CommandOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

function failureLine(error: unknown, config: AppConfig | null): string {
  if (
    error instanceof CommandError ||
    error instanceof BackupFileError ||
    error instanceof BackupRequestError ||
    error instanceof SnapshotMismatchError ||
    error instanceof ConfigError ||
    error instanceof DataDirInUseError
  ) {
    return error.message;
  }
  const line = startupFailureLine(error, config);
  return line.replace(/^Ashnote failed to start: /, 'Failed: ');
}

/** The one FILE argument, and the embedded database's configuration. */
function setUp(
  command: 'db:backup' | 'db:restore',
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): { file: string; config: AppConfig } {
  const usage =
    command === 'db:backup'
      ? 'Usage: npm run db:backup -- FILE (backs up the embedded database in DATA_DIR to FILE)'
      : 'Usage: npm run db:restore -- FILE (restores FILE into DATA_DIR, a new, empty folder)';
  if (args.length !== 1 || args[0]!.startsWith('-') || args[0]!.trim() === '') {
    throw new CommandError(usage);
  }
  const config = loadConfig(env);
  if (config.databaseUrl !== null) {
    throw new CommandError(
      command === 'db:backup'
        ? 'DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md, "Backups and restore", in the repository); db:backup is for the embedded database.'
        : 'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Backups and restore", in the repository); db:restore is for the embedded database.',
    );
  }
  return { file: path.resolve(args[0]!), config };
}

const summary = ({ tables, rows }: { tables: number; rows: number }) =>
  `${rows} row${rows === 1 ? '' : 's'} in ${tables} tables`;

async function backUp(args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { file, config } = setUp('db:backup', args, env);
  const { dataDir } = config;
  const fromServer = await requestBackup(dataDir, file);
  if (fromServer !== null) {
    return `Backed up the running server's embedded database (${dataDir}) to ${file}: ${summary(fromServer)}.`;
  }
  if (!fs.existsSync(clusterFolder(dataDir))) {
    throw new CommandError(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  }
  let database: Database;
  try {
    // Not migrated: a backup copies what is there, whatever version made it.
    database = await openDatabase(config, silent, undefined, undefined, { migrate: false });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new CommandError(
        `The embedded database in ${dataDir} is in use by a server that does not answer backup requests (an Ashnote older than this one, or one still starting): stop it, or let it finish starting, and run the backup again.`,
      );
    }
    throw error;
  }
  try {
    let counts = { tables: 0, rows: 0 };
    await writeFileAtomically(
      file,
      async (out) => {
        counts = await writeBackup(out, (lines) => exportSnapshot(database.sql, lines));
      },
      async (written) => void (await checkBackup(written)),
    );
    return `Backed up the embedded database in ${dataDir} to ${file}: ${summary(counts)}.`;
  } finally {
    await database.close();
  }
}

/** The backup's migrations, checked against this version's: they must be its first ones. */
function migrationsToRebuild(header: BackupHeader, known: readonly string[], file: string) {
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new CommandError(
      `${file} was made by a newer Ashnote (its schema has ${unknown.join(', ')}, unknown to this version): restore it with that version or a later one.`,
    );
  }
  if (header.migrations.some((name, index) => known[index] !== name)) {
    throw new CommandError(
      `${file} records its migrations in an order this version never applies them in.`,
    );
  }
  return header.migrations.at(-1) ?? null;
}

async function restore(args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { file, config } = setUp('db:restore', args, env);
  const { dataDir } = config;
  const existed = fs.existsSync(dataDir);
  if (existed && (!fs.statSync(dataDir).isDirectory() || fs.readdirSync(dataDir).length > 0)) {
    throw new CommandError(
      `DATA_DIR (${dataDir}) is not empty: restore only into a new, empty folder, so that no database is overwritten or mixed with another.`,
    );
  }
  // The whole file is read and checked before anything is created.
  const { header } = await checkBackup(file);
  let database: Database | null = null;
  try {
    database = await openDatabase(config, silent, undefined, undefined, { migrate: false });
    const known = migrations.map((migration) => migration.name);
    const backupSchema = migrationsToRebuild(header, known, file);
    if (backupSchema !== null) await migrate(database.orm, database.kind, { to: backupSchema });
    const counts = await importSnapshot(database.sql, readBackup(file));
    const upgraded = await migrate(database.orm, database.kind);
    await database.close();
    database = null;
    const upgrade = upgraded.length > 0 ? `, then applied ${upgraded.length} newer migrations` : '';
    return `Restored ${file} (taken ${header.createdAt}) into ${dataDir}: ${summary(counts)}${upgrade}.`;
  } catch (error) {
    await database?.close().catch(() => {});
    // Nothing half-restored is left behind: the folder is as it was, empty or absent.
    if (existed) {
      for (const name of fs.readdirSync(dataDir)) {
        fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
      }
    } else {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    throw error;
  }
}

async function run(
  command: (args: readonly string[], env: NodeJS.ProcessEnv) => Promise<string>,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  output: CommandOutput,
): Promise<number> {
  try {
    output.out(await command(args, env));
    return 0;
  } catch (error) {
    let config: AppConfig | null = null;
    try {
      config = loadConfig(env);
    } catch {
      // The configuration's own problem is the error already.
    }
    output.error(failureLine(error, config));
    if (env.LOG_LEVEL === 'debug' && error instanceof Error) output.error(String(error.stack));
    return 1;
  }
}

export const backupCommand = (
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  output: CommandOutput = processOutput,
) => run(backUp, args, env, output);

export const restoreCommand = (
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  output: CommandOutput = processOutput,
) => run(restore, args, env, output);
