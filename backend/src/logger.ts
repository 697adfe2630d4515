/**
 * Structured JSON logs, one line each. Callers pass only what is safe to keep: never IP
 * addresses, request bodies, query strings, e-mail addresses, keys, proofs or content.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

export type LogSink = (line: string) => void;

export function createLogger(
  minimum: LogLevel | 'silent',
  sink: LogSink = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const write = (level: LogLevel) => (message: string, fields?: LogFields) => {
    if (RANK[level] < RANK[minimum]) return;
    sink(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** The message of an unknown thrown value, without its stack or any attached data. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Masks anything shaped like an e-mail address, e.g. in an SMTP server's rejection text. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]');
}
