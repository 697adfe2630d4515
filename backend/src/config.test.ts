import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The message loadConfig throws for `env`, or '' when it accepts it. */
function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

const randomKey = () => crypto.randomBytes(32).toString('base64');

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('reads PostgreSQL, proxy and public URL settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://ashnote@db:5432/ashnote',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://notes.example.org/',
      PORT: '8080',
    });
    expect(config.databaseUrl).toBe('postgres://ashnote@db:5432/ashnote');
    expect(config.trustProxy).toBe(true);
    expect(config.publicUrl).toBe('https://notes.example.org');
    expect(config.port).toBe(8080);
  });

  it('offers every note life unless told which, shortest first whatever the order written', () => {
    expect(loadConfig({}).noteExpirations).toEqual(['5m', '15m', '1h', '1d', '7d', '30d']);
    expect(loadConfig({ NOTE_EXPIRATIONS: '' }).noteExpirations).toHaveLength(6);
    expect(loadConfig({ NOTE_EXPIRATIONS: ' 7d, 15m,1h ' }).noteExpirations).toEqual([
      '15m',
      '1h',
      '7d',
    ]);
  });

  it('refuses unknown, repeated or no note lives, naming the known ones', () => {
    expect(problemsOf({ NOTE_EXPIRATIONS: '1h,2w,10m' })).toBe(
      'Invalid configuration: NOTE_EXPIRATIONS: has unknown lives 2w, 10m (known: 5m, 15m, 1h, 1d, 7d, 30d)',
    );
    expect(problemsOf({ NOTE_EXPIRATIONS: '1h,1d,1h' })).toContain('names 1h twice');
    expect(problemsOf({ NOTE_EXPIRATIONS: ' , ' })).toContain('must name at least one note life');
  });

  it('gives each client 1 GiB of files an hour unless told, never less than one note may carry', () => {
    expect(loadConfig({}).noteFileBytesPerHour).toBe(1024 ** 3);
    expect(
      loadConfig({ NOTE_MAX_FILE_BYTES: '5000000', NOTE_FILE_BYTES_PER_HOUR: '5000000' })
        .noteFileBytesPerHour,
    ).toBe(5_000_000);
    expect(problemsOf({ NOTE_FILE_BYTES_PER_HOUR: '104857599' })).toBe(
      'Invalid configuration: NOTE_FILE_BYTES_PER_HOUR (104857599) must be at least NOTE_MAX_FILE_BYTES (104857600): otherwise a note with the largest files allowed could never be sent',
    );
    // The largest note allowed is checked against the default budget too.
    expect(problemsOf({ NOTE_MAX_FILE_BYTES: String(1024 ** 3) })).toBe('');
    expect(problemsOf({ NOTE_FILE_BYTES_PER_HOUR: String(64 * 1024 ** 3 + 1) })).toBe(
      'Invalid configuration: NOTE_FILE_BYTES_PER_HOUR: must be bytes, from 1 to 68719476736 (64 GiB)',
    );
    expect(problemsOf({ NOTE_FILE_BYTES_PER_HOUR: '1 GB' })).toContain(
      'NOTE_FILE_BYTES_PER_HOUR: must be bytes',
    );
  });

  it('lists every problem at once in words a self-hoster understands', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'notes.example.org' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('PUBLIC_URL: must be an http(s) URL');
  });

  it('requires mail settings together, with a key for addresses at rest', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25' })).toThrow(/SMTP_URL and MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'a@b.c' })).toThrow(
      /MAIL_KEY/,
    );
    const key = randomKey();
    const mail = { SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'a@b.c', MAIL_KEY: key };
    // Mails' links come from PUBLIC_URL, never from a request: required wherever the server
    // listens, loopback included (a proxy on the same host forwards the world's requests).
    expect(() => loadConfig(mail)).toThrow(/PUBLIC_URL is required/);
    expect(() => loadConfig({ ...mail, HOST: '0.0.0.0' })).toThrow(/PUBLIC_URL is required/);
    expect(() => loadConfig({ ...mail, TRUST_PROXY: 'true' })).toThrow(/PUBLIC_URL is required/);
    const configured = loadConfig({ ...mail, PUBLIC_URL: 'https://notes.example.org' });
    expect(configured.smtpUrl).toBe('smtp://localhost:25');
    expect(configured.publicUrl).toBe('https://notes.example.org');
  });

  it('enables AI articles only with a base URL and a model, the key being optional', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(() => loadConfig({ AI_BASE_URL: 'https://ai.example.org/v1' })).toThrow(
      /AI_BASE_URL and AI_MODEL/,
    );
    expect(() => loadConfig({ AI_API_KEY: 'sk-test' })).toThrow(/AI_BASE_URL and AI_MODEL/);
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://ai.example.org', AI_MODEL: 'm' })).toThrow(
      /AI_BASE_URL: must be the http\(s\) base URL/,
    );
    expect(
      loadConfig({ AI_BASE_URL: 'http://127.0.0.1:8080/v1/', AI_MODEL: 'local-model' }).ai,
    ).toEqual({ baseUrl: 'http://127.0.0.1:8080/v1', apiKey: null, model: 'local-model' });
    expect(
      loadConfig({ AI_BASE_URL: 'https://ai.example.org/v1', AI_MODEL: 'm', AI_API_KEY: 'k' }).ai
        ?.apiKey,
    ).toBe('k');
  });

  it('takes the administrator password only as a hash, and says how to make one', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a plain password here' })).toThrow(
      /ADMIN_PASSWORD: is no longer read.*npm run admin:hash/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD_HASH: 'not a hash' })).toThrow(
      /ADMIN_PASSWORD_HASH: must be a hash printed by `npm run admin:hash`/,
    );
    const hash = `scrypt$17$8$1$${'A'.repeat(22)}$${'B'.repeat(43)}`;
    expect(loadConfig({ ADMIN_PASSWORD_HASH: hash }).adminPasswordHash).toMatchObject({
      logN: 17,
      r: 8,
      p: 1,
    });
  });

  it('reads how many proxies to trust', () => {
    expect(loadConfig({}).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/);
  });
});

describe('every problem in one run', () => {
  it('reports invalid settings, unreadable secret files and settings that do not go together at once', () => {
    const message = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'smtp://localhost:25',
      AI_BASE_URL: 'https://ai.example.org/v1',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'loud',
      ADMIN_PASSWORD_HASH_FILE: '/nonexistent/ashnote-admin-hash',
      METRICS_HOST: '0.0.0.0',
    });
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration (9 problems):');
    expect(lines.slice(1).sort()).toEqual(
      [
        '  - ADMIN_PASSWORD_HASH_FILE: the file /nonexistent/ashnote-admin-hash does not exist',
        '  - PORT: must be a port number from 0 to 65535 (0 picks a free one)',
        '  - DATABASE_URL: must be a postgres:// URL; leave it unset to use the embedded database',
        '  - LOG_LEVEL: must be debug, info, warn, error or silent',
        '  - SMTP_URL and MAIL_FROM must be set together to send mail',
        '  - MAIL_KEY is required when SMTP_URL is set (it encrypts read-receipt and newsletter addresses at rest); create one with: openssl rand -base64 32',
        '  - PUBLIC_URL is required when SMTP_URL is set (the links in mails point there, never at an address taken from a request)',
        '  - AI_BASE_URL and AI_MODEL must be set together to enable AI articles (AI_API_KEY is optional and needs them)',
        '  - METRICS_HOST is used only with METRICS_PORT',
      ].sort(),
    );
  });

  it('says a single problem on one line', () => {
    expect(problemsOf({ TRUST_PROXY_HOPS: '0' })).toBe(
      'Invalid configuration: TRUST_PROXY_HOPS: must be the number of proxies in front, from 1 to 10',
    );
  });

  it('checks a rule across settings only when the settings it reads are valid', () => {
    // An invalid SMTP_URL is one problem, not also "set together with MAIL_FROM".
    expect(problemsOf({ SMTP_URL: 'mail.example.org' })).toBe(
      'Invalid configuration: SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.org:465',
    );
  });
});

describe('secrets from files (*_FILE)', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-secrets-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const secretFile = (name: string, content: string | Buffer) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, content, { mode: 0o600 });
    return file;
  };

  it('reads each secret from its file, without the trailing line break', () => {
    const key = randomKey();
    const hash = `scrypt$17$8$1$${'A'.repeat(22)}$${'B'.repeat(43)}`;
    const config = loadConfig({
      DATABASE_URL_FILE: secretFile('database-url', 'postgres://ashnote:s3cret@db:5432/ashnote\n'),
      SMTP_URL_FILE: secretFile('smtp-url', 'smtps://user:pass@mail.example.org:465\r\n'),
      MAIL_FROM: 'Ashnote <noreply@example.org>',
      PUBLIC_URL: 'https://notes.example.org',
      MAIL_KEY_FILE: secretFile('mail-key', `${key}\n`),
      ADMIN_PASSWORD_HASH_FILE: secretFile('admin-hash', `${hash}\n`),
      AI_BASE_URL: 'https://ai.example.org/v1',
      AI_MODEL: 'm',
      AI_API_KEY_FILE: secretFile('ai-key', 'sk-from-a-file\n\n'),
      METRICS_TOKEN_FILE: secretFile('metrics-token', `${'t'.repeat(32)}\n`),
    });
    expect(config.databaseUrl).toBe('postgres://ashnote:s3cret@db:5432/ashnote');
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example.org:465');
    expect(config.mailKey).toBe(key);
    expect(config.adminPasswordHash).toMatchObject({ logN: 17 });
    expect(config.ai?.apiKey).toBe('sk-from-a-file');
    expect(config.metrics?.token).toBe('t'.repeat(32));
  });

  it('refuses a secret given both ways, and files that are missing, unreadable, empty or not a secret', () => {
    const folderAsFile = path.join(folder, 'a-folder');
    fs.mkdirSync(folderAsFile);
    const unreadable = secretFile('unreadable', 'x');
    fs.chmodSync(unreadable, 0o000);
    const canReadAnyway = process.getuid?.() === 0; // root reads any file
    const message = problemsOf({
      MAIL_KEY: randomKey(),
      MAIL_KEY_FILE: secretFile('both', randomKey()),
      DATABASE_URL_FILE: path.join(folder, 'missing'),
      AI_API_KEY_FILE: folderAsFile,
      ADMIN_PASSWORD_HASH_FILE: secretFile('empty', '\n'),
      SMTP_URL_FILE: secretFile('huge', Buffer.alloc(100 * 1024, 'a')),
      ...(canReadAnyway ? {} : { METRICS_TOKEN_FILE: unreadable }),
    });
    expect(message).toContain('MAIL_KEY and MAIL_KEY_FILE are both set: set one of them');
    expect(message).toContain(
      `DATABASE_URL_FILE: the file ${path.join(folder, 'missing')} does not exist`,
    );
    expect(message).toContain(`AI_API_KEY_FILE: the file ${folderAsFile} is a folder, not a file`);
    expect(message).toContain(
      `ADMIN_PASSWORD_HASH_FILE: the file ${path.join(folder, 'empty')} is empty`,
    );
    expect(message).toContain(
      `SMTP_URL_FILE: the file ${path.join(folder, 'huge')} is larger than 64 KB`,
    );
    if (!canReadAnyway) {
      expect(message).toContain(`METRICS_TOKEN_FILE: the file ${unreadable} cannot be read`);
    }
  });

  it('names the file, never its content, when what it holds is invalid', () => {
    const marker = 'Zm9yZ2V0LW1lLW5vdA'; // stands for a secret that must not be printed
    const file = secretFile('bad-key', `${marker}!!\n`);
    const message = problemsOf({
      MAIL_KEY_FILE: file,
      DATABASE_URL_FILE: secretFile('db', marker),
    });
    expect(message).toContain(
      `MAIL_KEY_FILE (${file}): must be 32 random bytes in base64, as \`openssl rand -base64 32\` prints them`,
    );
    expect(message).toContain(
      `DATABASE_URL_FILE (${path.join(folder, 'db')}): must be a postgres:// URL`,
    );
    expect(message).not.toContain(marker);
  });
});

describe('MAIL_KEY', () => {
  const keyProblem = (key: string) => problemsOf({ MAIL_KEY: key });

  it('accepts what `openssl rand -base64 32` prints, with or without its padding', () => {
    for (let i = 0; i < 2000; i++) expect(keyProblem(randomKey())).toBe('');
    expect(keyProblem(randomKey().replace(/=$/, ''))).toBe('');
  });

  it('refuses anything but exactly 32 bytes of strict base64, saying how to make a key', () => {
    const key = randomKey();
    // Buffer.from(…, 'base64') skips the stray characters and decodes 32 bytes all the same.
    const stray = `${key.slice(0, 10)}!*${key.slice(10)}`;
    expect(Buffer.from(stray, 'base64')).toHaveLength(32);
    const urlSafe = Buffer.from(key, 'base64').toString('base64url');
    const refused = [
      stray,
      `${key.slice(0, 20)} ${key.slice(20)}`,
      crypto.randomBytes(31).toString('base64'),
      crypto.randomBytes(33).toString('base64'),
      crypto.randomBytes(32).toString('hex'),
      // The same bytes with the last character's unused bits set: not how base64 writes them.
      `${key.slice(0, 42)}${String.fromCharCode(key.charCodeAt(42) + 1)}=`,
    ];
    if (/[-_]/.test(urlSafe)) refused.push(urlSafe);
    for (const value of refused) {
      expect(keyProblem(value), value).toBe(
        'Invalid configuration: MAIL_KEY: must be 32 random bytes in base64, as `openssl rand -base64 32` prints them',
      );
    }
  });

  it('refuses keys that are obviously not random', () => {
    const zeros = Buffer.alloc(32).toString('base64');
    const pattern = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
    const repeated = Buffer.concat([pattern, pattern]).subarray(0, 32).toString('base64');
    for (const key of [zeros, Buffer.alloc(32, 7).toString('base64'), repeated]) {
      expect(keyProblem(key)).toMatch(/MAIL_KEY: is not random .*openssl rand -base64 32/);
    }
    // Base64 of a passphrase with plenty of distinct letters is still text, not a key.
    const passphrase = Buffer.from('Correct Horse, Battery Staple: 42!').subarray(0, 32);
    expect(new Set(passphrase).size).toBeGreaterThanOrEqual(16);
    expect(keyProblem(passphrase.toString('base64'))).toMatch(
      /MAIL_KEY: is base64 of text, not of random bytes/,
    );
  });
});

describe('operations settings', () => {
  it('serves no metrics unless given a token or a port of their own', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metrics).toEqual({
      token: 'a'.repeat(16),
      port: null,
      host: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      token: null,
      port: 9464,
      host: '0.0.0.0',
    });
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toMatch(/METRICS_TOKEN: must be at least 16/);
    expect(problemsOf({ METRICS_PORT: '3000' })).toMatch(/METRICS_PORT must differ from PORT/);
  });

  it('drains on PostgreSQL only by default, within the shutdown timeout', () => {
    const postgres = { DATABASE_URL: 'postgres://db/ashnote' };
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig(postgres).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ ...postgres, SHUTDOWN_TIMEOUT_MS: '4000' }).shutdownDrainMs).toBe(2000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    expect(problemsOf({ SHUTDOWN_DRAIN_MS: '10000' })).toMatch(
      /SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS/,
    );
  });
});
