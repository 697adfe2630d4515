import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { DataDirInUseError } from './db/embedded/data-dir-lock.ts';
import { startupFailureLine } from './startup-failure.ts';

/** An error as Node's fs, net and pg raise them: a message and a `code` (and more). */
function systemError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

const embedded = { dataDir: '/srv/ashnote/data', databaseUrl: null };
const postgres = {
  dataDir: '/srv/ashnote/data',
  databaseUrl: 'postgres://ashnote:s3cret-pw@db.internal:6432/notes',
};

describe('the line a failed start prints', () => {
  it('passes the configuration and data-directory-lock messages through as written', () => {
    expect(startupFailureLine(new ConfigError('PORT must be a number'), null)).toBe(
      'PORT must be a number',
    );
    expect(startupFailureLine(new DataDirInUseError('in use by process 12'), embedded)).toBe(
      'in use by process 12',
    );
  });

  it('names the data directory the server cannot use, and what it must be', () => {
    const denied = systemError("EACCES: permission denied, mkdir '/srv/ashnote/data'", {
      code: 'EACCES',
      path: '/srv/ashnote/data',
    });
    expect(startupFailureLine(denied, embedded)).toBe(
      "Ashnote cannot use /srv/ashnote/data: permission denied (EACCES). DATA_DIR (/srv/ashnote/data) must be a directory the server's user may create, read and write, with everything in it.",
    );
  });

  it('names a file outside the data directory without the data directory hint', () => {
    const missing = systemError('ENOENT', { code: 'ENOENT', path: '/srv/web/index.html' });
    expect(startupFailureLine(missing, embedded)).toBe(
      'Ashnote cannot use /srv/web/index.html: no such file or directory (ENOENT).',
    );
  });

  it('names the database it cannot reach without the password from DATABASE_URL', () => {
    const refused = systemError('connect ECONNREFUSED 10.0.0.5:6432', { code: 'ECONNREFUSED' });
    const line = startupFailureLine(refused, postgres);
    expect(line).toBe(
      'Ashnote cannot reach PostgreSQL at db.internal:6432/notes: connection refused (ECONNREFUSED). Check DATABASE_URL, and that the database server is running and accepts connections from this machine.',
    );
    expect(line).not.toContain('s3cret-pw');
    expect(line).not.toContain('ashnote:');
  });

  it("gives PostgreSQL's own refusal with its SQLSTATE", () => {
    const refused = systemError('password authentication failed for user "ashnote"', {
      code: '28P01',
      severity: 'FATAL',
    });
    expect(startupFailureLine(refused, postgres)).toBe(
      'PostgreSQL at db.internal:6432/notes refused Ashnote: password authentication failed for user "ashnote" (SQLSTATE 28P01). Check DATABASE_URL.',
    );
  });

  it('gives anything else as one line, its message', () => {
    const odd = new Error('something odd\n  with more detail');
    expect(startupFailureLine(odd, embedded)).toBe('Ashnote failed to start: something odd');
    expect(startupFailureLine('a string', null)).toBe('Ashnote failed to start: a string');
  });
});
