import path from 'node:path';
import { z } from 'zod';
import { parsePasswordHash, type PasswordHash } from './admin/password-hash.ts';
import { MAIL_KEY_HOW_TO, mailKeyProblem } from './mail/mail-key.ts';
import {
  DEFAULT_FILE_BYTES_PER_HOUR,
  FILE_BYTES_PER_HOUR_CEILING,
} from './notes/files/byte-budget.ts';
import { MIN_UPLOAD_MEMORY_BUDGET_MB } from './notes/upload/memory-budget.ts';
import {
  DEFAULT_NOTE_MAX_FILE_BYTES,
  NOTE_EXPIRATIONS,
  NOTE_MAX_FILE_BYTES_CEILING,
  type NoteExpiration,
} from '../../shared/limits.ts';
import {
  SECRET_VARIABLES,
  readSecretFile,
  resolveSecretFiles,
  type ReadSecretFile,
  type SecretVariable,
} from './secret-files.ts';

/**
 * The server's whole configuration, read from the environment once and validated, so a
 * self-hoster learns about a typo at start, not at the first request that needs the value.
 */
export interface AppConfig {
  port: number;
  host: string;
  /**
   * Public origin: the links in mails (required with mail), the only origin the site's own
   * pages have (cross-origin and socket checks); null on a server answering loopback alone.
   */
  publicUrl: string | null;
  /** `postgres://…` for hosted deployments; null selects the embedded database. */
  databaseUrl: string | null;
  /** Where the embedded database lives. */
  dataDir: string;
  /** Honour X-Forwarded-* from a reverse proxy (only behind one). */
  trustProxy: boolean;
  /**
   * How many proxies in front of the server append to X-Forwarded-For: the client address is
   * taken that many entries from the right, never from the left end the client controls.
   */
  trustProxyHops: number;
  /**
   * IPv6 clients are counted by the network of this many leading bits (one host can use a whole
   * /64); IPv4 clients by their address. See http/client-key.ts.
   */
  clientIpv6Prefix: number;
  /** Built web bundle to serve; null serves the API only. */
  webDir: string | null;
  smtpUrl: string | null;
  mailFrom: string | null;
  /** Key that encrypts read-receipt and newsletter addresses at rest (32 bytes, base64). */
  mailKey: string | null;
  /** Newsletter mails per minute, over all instances together. */
  newsletterRatePerMinute: number;
  /** The administrator's password as a scrypt hash (ADMIN_PASSWORD_HASH); null: no administrator. */
  adminPasswordHash: PasswordHash | null;
  /** The OpenAI-compatible endpoint that writes blog articles; null: the feature is off. */
  ai: AiConfig | null;
  socialUrl: string | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Prometheus metrics; null (the default) collects and serves none. */
  metrics: MetricsConfig | null;
  /** Longest a graceful stop (SIGTERM) takes, from the signal to the exit. */
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM, how long the server keeps serving new requests while reporting not-ready, so
   * that load balancers stop sending it traffic before it stops listening.
   */
  shutdownDrainMs: number;
  /** Memory that large note uploads may take at once while parsed (see notes/upload/). */
  uploadMemoryBudgetBytes: number;
  /** The lives a note may be given here (NOTE_EXPIRATIONS), shortest first, never empty. */
  noteExpirations: readonly NoteExpiration[];
  /** The files of one note together may be this large, in bytes before encryption. */
  noteMaxFileBytes: number;
  /** The bytes of files one client may send in an hour, in notes and answers together. */
  noteFileBytesPerHour: number;
}

export interface MetricsConfig {
  /** Bearer token that `/metrics` on the main port requires; null: not served there. */
  token: string | null;
  /** A port of its own for `/metrics`, on `host`; null: none. */
  port: number | null;
  host: string;
}

export interface AiConfig {
  /** Base URL of an OpenAI-compatible API (…/v1); `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as a bearer token; null for local servers that need none. Must never be logged. */
  apiKey: string | null;
  model: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const MIB = 1024 * 1024;
/**
 * Room for one of the largest notes (five 10 MB images, ~300 MB while parsed) and a small one
 * beside it, within what a 1 GB host leaves beside the server's own ~300 MB.
 */
const DEFAULT_UPLOAD_MEMORY_BUDGET_MB = 384;

/** A whole number within bounds, with a message that says what is expected. */
const wholeNumber = (min: number, max: number, meaning: string) => {
  const message = `must be ${meaning}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** The same, optional: unset or empty is null. */
const optionalWholeNumber = (min: number, max: number, meaning: string) => {
  const number = wholeNumber(min, max, meaning);
  return optionalString.transform((value, ctx) => {
    if (value === null) return null;
    const parsed = number.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: `must be ${meaning}` });
    return z.NEVER;
  });
};

const KNOWN_EXPIRATIONS = NOTE_EXPIRATIONS.join(', ');

/**
 * A comma-separated list of note lives, each known, each once (unset or empty: all of them);
 * kept shortest first whatever the order written, so every screen lists them the same way.
 */
const expirationList = optionalString.transform((value, ctx) => {
  if (value === null) return NOTE_EXPIRATIONS;
  const listed = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const unknown = listed.filter((item) => !(NOTE_EXPIRATIONS as readonly string[]).includes(item));
  const problem =
    listed.length === 0
      ? 'must name at least one note life'
      : unknown.length > 0
        ? `has unknown ${unknown.length === 1 ? 'life' : 'lives'} ${unknown.join(', ')}`
        : new Set(listed).size !== listed.length
          ? `names ${listed.find((item, index) => listed.indexOf(item) !== index)} twice`
          : null;
  if (problem === null) return NOTE_EXPIRATIONS.filter((life) => listed.includes(life));
  ctx.addIssue({ code: 'custom', message: `${problem} (known: ${KNOWN_EXPIRATIONS})` });
  return z.NEVER;
});

const envSchema = z.object({
  PORT: wholeNumber(0, 65_535, 'a port number from 0 to 65535 (0 picks a free one)').default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalString.refine((value) => value === null || isHttpUrl(value), {
    message: 'must be an http(s) URL such as https://notes.example.org',
  }),
  DATABASE_URL: optionalString.refine(
    (value) => value === null || /^postgres(ql)?:\/\//.test(value),
    {
      message: 'must be a postgres:// URL; leave it unset to use the embedded database',
    },
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  TRUST_PROXY: booleanFlag,
  TRUST_PROXY_HOPS: wholeNumber(1, 10, 'the number of proxies in front, from 1 to 10').default(1),
  CLIENT_IPV6_PREFIX: wholeNumber(16, 128, 'a prefix length from 16 to 128').default(64),
  WEB_DIR: optionalString,
  SMTP_URL: optionalString.refine((value) => value === null || /^smtps?:\/\//.test(value), {
    message: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.org:465',
  }),
  MAIL_FROM: optionalString,
  MAIL_KEY: optionalString.superRefine((value, ctx) => {
    const problem = value === null ? null : mailKeyProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  }),
  NEWSLETTER_RATE_PER_MINUTE: wholeNumber(
    1,
    1_000_000,
    'newsletter mails per minute, from 1 to 1000000',
  ).default(60),
  ADMIN_PASSWORD_HASH: optionalString.refine(
    (value) => value === null || parsePasswordHash(value) !== null,
    { message: 'must be a hash printed by `npm run admin:hash`' },
  ),
  ADMIN_PASSWORD: optionalString.refine((value) => value === null, {
    message:
      'is no longer read: the server keeps only a hash of the password. Set ADMIN_PASSWORD_HASH to what `npm run admin:hash` prints instead',
  }),
  AI_BASE_URL: optionalString.refine((value) => value === null || isHttpUrl(value), {
    message:
      'must be the http(s) base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1',
  }),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  SOCIAL_URL: optionalString.refine((value) => value === null || value.startsWith('https://'), {
    message: 'must be an https:// URL (the app links only to https)',
  }),
  LOG_LEVEL: z
    .enum(['debug', 'info', 'warn', 'error', 'silent'], {
      error: 'must be debug, info, warn, error or silent',
    })
    .default('info'),
  METRICS_TOKEN: optionalString.refine(
    (value) => value === null || /^[\x21-\x7e]{16,}$/.test(value),
    { message: 'must be at least 16 visible ASCII characters, e.g. from `openssl rand -hex 32`' },
  ),
  METRICS_PORT: optionalWholeNumber(0, 65_535, 'a port number from 0 to 65535'),
  METRICS_HOST: optionalString,
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000, 'milliseconds, from 0 to 600000').default(10_000),
  SHUTDOWN_DRAIN_MS: optionalWholeNumber(0, 600_000, 'milliseconds, from 0 to 600000'),
  UPLOAD_MEMORY_BUDGET_MB: wholeNumber(
    MIN_UPLOAD_MEMORY_BUDGET_MB,
    1_000_000,
    `megabytes, at least ${MIN_UPLOAD_MEMORY_BUDGET_MB} (the largest note needs that much while it is parsed)`,
  ).default(DEFAULT_UPLOAD_MEMORY_BUDGET_MB),
  NOTE_EXPIRATIONS: expirationList,
  NOTE_MAX_FILE_BYTES: wholeNumber(
    1,
    NOTE_MAX_FILE_BYTES_CEILING,
    `bytes, from 1 to ${NOTE_MAX_FILE_BYTES_CEILING} (1 GiB)`,
  ).default(DEFAULT_NOTE_MAX_FILE_BYTES),
  NOTE_FILE_BYTES_PER_HOUR: wholeNumber(
    1,
    FILE_BYTES_PER_HOUR_CEILING,
    `bytes, from 1 to ${FILE_BYTES_PER_HOUR_CEILING} (64 GiB)`,
  ).default(DEFAULT_FILE_BYTES_PER_HOUR),
});

type Env = z.infer<typeof envSchema>;
type Setting = keyof Env;

/** Read only to refuse them with a message saying what replaced them. */
const RETIRED_VARIABLES: readonly Setting[] = ['ADMIN_PASSWORD'];

/**
 * Every environment variable the configuration reads: each setting, and `<NAME>_FILE` for the
 * secrets. `.env.example` and the README's table list exactly these (config-docs.test.ts).
 */
export const CONFIG_VARIABLES: readonly string[] = [
  ...Object.keys(envSchema.shape).filter((name) => !RETIRED_VARIABLES.includes(name as Setting)),
  ...SECRET_VARIABLES.map((name) => `${name}_FILE`),
];

/** After SIGTERM on PostgreSQL, where other instances can take the traffic (see shutdownDrainMs). */
const DEFAULT_DRAIN_MS = 5000;

/**
 * Rules across settings, each checked when the settings it reads are valid themselves, so that
 * one run reports every problem at once.
 */
const CROSS_RULES: { reads: Setting[]; problem: (e: Env) => string | null }[] = [
  {
    reads: ['SMTP_URL', 'MAIL_FROM'],
    problem: (e) =>
      (e.SMTP_URL === null) !== (e.MAIL_FROM === null)
        ? 'SMTP_URL and MAIL_FROM must be set together to send mail'
        : null,
  },
  {
    reads: ['SMTP_URL', 'MAIL_KEY'],
    problem: (e) =>
      e.SMTP_URL !== null && e.MAIL_KEY === null
        ? `MAIL_KEY is required when SMTP_URL is set (it encrypts read-receipt and newsletter addresses at rest); create one with: ${MAIL_KEY_HOW_TO}`
        : null,
  },
  // A mail's links point at the server. Taken from a request (Host, X-Forwarded-Host), a
  // sign-up sent with a forged one would mail someone a genuine token on a link to another
  // site, whatever the server listens on: behind a proxy on the same host it listens on
  // loopback and still answers the world.
  {
    reads: ['SMTP_URL', 'PUBLIC_URL'],
    problem: (e) =>
      e.SMTP_URL !== null && e.PUBLIC_URL === null
        ? 'PUBLIC_URL is required when SMTP_URL is set (the links in mails point there, never at an address taken from a request)'
        : null,
  },
  {
    reads: ['AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY'],
    problem: (e) =>
      (e.AI_BASE_URL === null) !== (e.AI_MODEL === null) ||
      (e.AI_API_KEY !== null && e.AI_BASE_URL === null)
        ? 'AI_BASE_URL and AI_MODEL must be set together to enable AI articles (AI_API_KEY is optional and needs them)'
        : null,
  },
  {
    reads: ['METRICS_PORT', 'PORT'],
    problem: (e) =>
      e.METRICS_PORT !== null && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT
        ? 'METRICS_PORT must differ from PORT (it is a listener of its own)'
        : null,
  },
  {
    reads: ['METRICS_HOST', 'METRICS_PORT'],
    problem: (e) =>
      e.METRICS_HOST !== null && e.METRICS_PORT === null
        ? 'METRICS_HOST is used only with METRICS_PORT'
        : null,
  },
  {
    reads: ['NOTE_FILE_BYTES_PER_HOUR', 'NOTE_MAX_FILE_BYTES'],
    problem: (e) =>
      e.NOTE_FILE_BYTES_PER_HOUR < e.NOTE_MAX_FILE_BYTES
        ? `NOTE_FILE_BYTES_PER_HOUR (${e.NOTE_FILE_BYTES_PER_HOUR}) must be at least NOTE_MAX_FILE_BYTES (${e.NOTE_MAX_FILE_BYTES}): otherwise a note with the largest files allowed could never be sent`
        : null,
  },
  {
    reads: ['SHUTDOWN_DRAIN_MS', 'SHUTDOWN_TIMEOUT_MS'],
    problem: (e) =>
      e.SHUTDOWN_DRAIN_MS !== null &&
      e.SHUTDOWN_DRAIN_MS > 0 &&
      e.SHUTDOWN_DRAIN_MS >= e.SHUTDOWN_TIMEOUT_MS
        ? 'SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS, which also covers finishing requests and closing'
        : null,
  },
];

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Reads and validates the environment (secrets from their `*_FILE` where given); throws
 * ConfigError listing every problem at once: unreadable secret files, invalid settings and
 * settings that do not go together.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  readFile: ReadSecretFile = readSecretFile,
): AppConfig {
  const secrets = resolveSecretFiles(env, readFile);
  const problems = [...secrets.problems];
  const label = (name: string) => {
    const file = secrets.sources.get(name as SecretVariable);
    return file === undefined ? name : `${name}_FILE (${file})`;
  };
  const parsed: Partial<Record<Setting, unknown>> = {};
  const invalid = new Set<Setting>();
  for (const [name, schema] of Object.entries(envSchema.shape) as [Setting, z.ZodType][]) {
    const result = schema.safeParse(secrets.env[name]);
    if (result.success) {
      parsed[name] = result.data;
      continue;
    }
    invalid.add(name);
    for (const issue of result.error.issues) problems.push(`${label(name)}: ${issue.message}`);
  }
  const e = parsed as Env;
  for (const rule of CROSS_RULES) {
    if (rule.reads.some((name) => invalid.has(name))) continue;
    const problem = rule.problem(e);
    if (problem !== null) problems.push(problem);
  }
  if (problems.length === 1) throw new ConfigError(`Invalid configuration: ${problems[0]}`);
  if (problems.length > 1) {
    throw new ConfigError(
      `Invalid configuration (${problems.length} problems):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL === null ? null : e.PUBLIC_URL.replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    clientIpv6Prefix: e.CLIENT_IPV6_PREFIX,
    webDir: e.WEB_DIR === null ? null : path.resolve(e.WEB_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailKey: e.MAIL_KEY,
    newsletterRatePerMinute: e.NEWSLETTER_RATE_PER_MINUTE,
    adminPasswordHash:
      e.ADMIN_PASSWORD_HASH === null ? null : parsePasswordHash(e.ADMIN_PASSWORD_HASH),
    ai:
      e.AI_BASE_URL === null || e.AI_MODEL === null
        ? null
        : { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL },
    socialUrl: e.SOCIAL_URL,
    logLevel: e.LOG_LEVEL,
    metrics:
      e.METRICS_TOKEN === null && e.METRICS_PORT === null
        ? null
        : { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST ?? '127.0.0.1' },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    // Draining lets other instances take the traffic first; the embedded database has none.
    shutdownDrainMs:
      e.SHUTDOWN_DRAIN_MS ??
      (e.DATABASE_URL === null
        ? 0
        : Math.min(DEFAULT_DRAIN_MS, Math.floor(e.SHUTDOWN_TIMEOUT_MS / 2))),
    uploadMemoryBudgetBytes: e.UPLOAD_MEMORY_BUDGET_MB * MIB,
    noteExpirations: e.NOTE_EXPIRATIONS,
    noteMaxFileBytes: e.NOTE_MAX_FILE_BYTES,
    noteFileBytesPerHour: e.NOTE_FILE_BYTES_PER_HOUR,
  };
}
