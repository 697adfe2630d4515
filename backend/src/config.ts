import path from 'node:path';
import { z } from 'zod';
import { parsePasswordHash, type PasswordHash } from './admin/password-hash.ts';
import { MIN_UPLOAD_MEMORY_BUDGET_MB } from './notes/upload/memory-budget.ts';

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
  /** The administrator's password as a scrypt hash (ADMIN_PASSWORD_HASH); null: no administrator. */
  adminPasswordHash: PasswordHash | null;
  /** The OpenAI-compatible endpoint that writes blog articles; null: the feature is off. */
  ai: AiConfig | null;
  socialUrl: string | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Grace period for in-flight requests on shutdown. */
  shutdownTimeoutMs: number;
  /** Memory that large note uploads may take at once while parsed (see notes/upload/). */
  uploadMemoryBudgetBytes: number;
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

const MIB = 1024 * 1024;
/**
 * Room for one of the largest notes (five 10 MB images, ~300 MB while parsed) and a small one
 * beside it, within what a 1 GB host leaves beside the server's own ~300 MB.
 */
const DEFAULT_UPLOAD_MEMORY_BUDGET_MB = 384;

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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
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
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  CLIENT_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
  WEB_DIR: optionalString,
  SMTP_URL: optionalString.refine((value) => value === null || /^smtps?:\/\//.test(value), {
    message: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.org:465',
  }),
  MAIL_FROM: optionalString,
  MAIL_KEY: optionalString.refine(
    (value) => value === null || Buffer.from(value, 'base64').length === 32,
    { message: 'must be 32 random bytes in base64 (openssl rand -base64 32)' },
  ),
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
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  UPLOAD_MEMORY_BUDGET_MB: z.coerce
    .number()
    .int()
    .min(MIN_UPLOAD_MEMORY_BUDGET_MB, {
      message: `must be at least ${MIN_UPLOAD_MEMORY_BUDGET_MB}: the largest note needs that much while it is parsed`,
    })
    .default(DEFAULT_UPLOAD_MEMORY_BUDGET_MB),
});

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Reads and validates the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.SMTP_URL === null) !== (e.MAIL_FROM === null)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL and MAIL_FROM must be set together to send mail',
    );
  }
  if (e.SMTP_URL !== null && e.MAIL_KEY === null) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_KEY is required when SMTP_URL is set (it encrypts read-receipt and newsletter addresses at rest); create one with: openssl rand -base64 32',
    );
  }
  // A mail's links point at the server. Taken from a request (Host, X-Forwarded-Host), a
  // sign-up sent with a forged one would mail someone a genuine token on a link to another
  // site, whatever the server listens on: behind a proxy on the same host it listens on
  // loopback and still answers the world.
  if (e.SMTP_URL !== null && e.PUBLIC_URL === null) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL is required when SMTP_URL is set (the links in mails point there, never at an address taken from a request)',
    );
  }
  if (
    (e.AI_BASE_URL === null) !== (e.AI_MODEL === null) ||
    (e.AI_API_KEY !== null && e.AI_BASE_URL === null)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_BASE_URL and AI_MODEL must be set together to enable AI articles (AI_API_KEY is optional and needs them)',
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
    adminPasswordHash:
      e.ADMIN_PASSWORD_HASH === null ? null : parsePasswordHash(e.ADMIN_PASSWORD_HASH),
    ai:
      e.AI_BASE_URL === null || e.AI_MODEL === null
        ? null
        : { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL },
    socialUrl: e.SOCIAL_URL,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    uploadMemoryBudgetBytes: e.UPLOAD_MEMORY_BUDGET_MB * MIB,
  };
}
