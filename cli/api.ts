import type { z } from 'zod';
import { errorDetails } from '../shared/error-details.ts';
import { isErrorBody, missingCase, type ErrorBody, type RateLimitScope } from '../shared/errors.ts';
import { CliFailure, EXIT, usageFailure } from './failure.ts';
import { MESSAGES, attemptsLeft, destroyedMessage, filesTooLarge } from './messages.ts';
import type { Server } from './server.ts';

/**
 * JSON calls to an Ashnote server, each answer checked against its `shared/` schema, each
 * failure turned into the one line and exit code the user gets (switching on the error code,
 * as every client does). Only ciphertext, verifiers and proofs are ever sent.
 */

/** The longest `Retry-After` the command sits through (once) before it gives up and says so. */
export const MAX_RETRY_WAIT_SECONDS = 60;
/** A server that accepts the connection and then says nothing does not hang a script forever. */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface ApiContext {
  server: Server;
  /** Where the command tells the user it is waiting (stderr). */
  notice: (line: string) => void;
  /**
   * A note's upload or download token, sent with every call of this context as
   * `Authorization: Bearer …` (never in a URL, which servers and proxies log).
   */
  token?: string;
}

/** The headers that authorise a call with the context's token, if it has one. */
export function authorization(context: ApiContext): Record<string, string> {
  return context.token === undefined ? {} : { Authorization: `Bearer ${context.token}` };
}

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

function hostOf(server: Server): string {
  return new URL(server.base).host;
}

/** The cause node's fetch wraps (ECONNREFUSED, ENOTFOUND, a certificate error), in a word. */
export function networkFailure(server: Server, error: unknown): CliFailure {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new CliFailure(EXIT.network, `${hostOf(server)} did not answer in time.`);
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const why = typeof cause?.code === 'string' ? cause.code : String(cause?.message ?? error);
  return new CliFailure(
    EXIT.network,
    `${MESSAGES.network} Could not reach ${hostOf(server)} (${why}).`,
  );
}

function notAshnote(server: Server, status: number): CliFailure {
  return new CliFailure(
    EXIT.failed,
    `${hostOf(server)} did not answer as an Ashnote server (HTTP ${status}).`,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What NOT_FOUND and FORBIDDEN mean where a call is not about a note read with its link (a
 * request, a status link): the web app's sentence for that page.
 */
export type CallWording = Partial<Record<'NOT_FOUND' | 'FORBIDDEN', string>>;

/** What a 429 says, by the limit it names: the web app's sentences. */
function rateLimitMessage(scope: RateLimitScope | undefined): string {
  switch (scope) {
    case 'read-receipt':
      return MESSAGES.readReceiptLimit;
    case 'file-bytes':
      return MESSAGES.fileBudget;
    case 'newsletter-resend': // the command signs nobody up
    case undefined:
      return MESSAGES.rateLimited;
    default:
      return missingCase(scope);
  }
}

/** The failure for an error answer, by its code; a body that is not ours means another server. */
export function failureFor(
  server: Server,
  status: number,
  text: string,
  wording: CallWording = {},
): CliFailure {
  const parsed = parseJson(text);
  if (!isErrorBody(parsed)) {
    return status >= 500
      ? new CliFailure(EXIT.failed, MESSAGES.server)
      : notAshnote(server, status);
  }
  const body: ErrorBody['error'] = parsed.error;
  const code = body.code;
  switch (code) {
    case 'VALIDATION_FAILED': {
      if (errorDetails(body, code)?.emailAvailable === false) {
        return usageFailure(MESSAGES.emailUnavailable);
      }
      const fields = body.fields ?? [];
      if (fields.some((field) => field.path.startsWith('emailNotification'))) {
        return usageFailure(MESSAGES.invalidEmail);
      }
      return usageFailure(`${MESSAGES.validation} (${body.message})`);
    }
    case 'WRONG_PROOF': {
      const left = errorDetails(body, code)?.attemptsLeft;
      const more = left === undefined ? '' : ` ${attemptsLeft(left)}`;
      return new CliFailure(EXIT.wrongPassword, `${MESSAGES.wrongPassword}${more}`);
    }
    case 'NOT_FOUND':
      return new CliFailure(EXIT.gone, wording.NOT_FOUND ?? MESSAGES.notFound);
    case 'GONE': {
      const reason = errorDetails(body, code)?.reason;
      return new CliFailure(
        EXIT.gone,
        reason === undefined ? MESSAGES.notFound : destroyedMessage(reason, null),
      );
    }
    case 'FORBIDDEN':
      // The note exists, but the key in the link is not its key: a damaged or mixed-up link.
      return usageFailure(
        wording.FORBIDDEN ?? `${body.message} Check that the link was copied whole.`,
      );
    case 'CONFLICT': // only answering a request gets it: someone answered first
      return new CliFailure(EXIT.gone, MESSAGES.answered);
    case 'PAYLOAD_TOO_LARGE':
      return usageFailure(MESSAGES.tooLarge);
    case 'FILES_TOO_LARGE': {
      // The command checks the limit first; this is a server whose limit changed meanwhile.
      const limit = errorDetails(body, code)?.maxFileBytes;
      return usageFailure(limit === undefined ? MESSAGES.tooLarge : filesTooLarge(limit));
    }
    case 'RATE_LIMITED':
      return new CliFailure(EXIT.failed, rateLimitMessage(errorDetails(body, code)?.scope));
    case 'UNAUTHORIZED': // the command always sends the file calls' token
    case 'UPLOAD_INCOMPLETE': // it completes an upload only once every chunk was taken
    case 'PROOF_REQUIRED':
    case 'INTERNAL':
    case 'UNAVAILABLE':
      return new CliFailure(EXIT.failed, MESSAGES.server);
    default:
      return missingCase(code);
  }
}

/** Seconds a 429 asks us to wait: the Retry-After header (seconds form), else its details. */
function retryAfterSeconds(response: Response, text: string): number | null {
  const header = Number(response.headers.get('retry-after'));
  if (Number.isInteger(header) && header >= 0) return header;
  const parsed = parseJson(text);
  const details = isErrorBody(parsed) ? errorDetails(parsed.error, 'RATE_LIMITED') : undefined;
  return details?.retryAfterSeconds ?? null;
}

async function send(
  context: ApiContext,
  path: string,
  body: unknown,
): Promise<{ response: Response; text: string }> {
  const json = body !== undefined && body !== null;
  const init: RequestInit = {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'application/json',
      ...(json && { 'Content-Type': 'application/json' }),
      ...authorization(context),
    },
    body: json ? JSON.stringify(body) : undefined,
    redirect: 'error',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  };
  try {
    const response = await fetch(`${context.server.base}${path}`, init);
    return { response, text: await response.text() };
  } catch (error) {
    throw networkFailure(context.server, error);
  }
}

/**
 * One call: a GET when `body` is undefined, a POST without a body when it is null, else a POST
 * of it as JSON. A 429 is waited out once (a refused call changed nothing on the server, so sending
 * it again cannot make a second note); a second 429, or a wait longer than a minute, is said.
 */
export async function callApi<T>(
  context: ApiContext,
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  wording: CallWording = {},
): Promise<T> {
  let { response, text } = await send(context, path, body);
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response, text);
    if (seconds !== null && seconds <= MAX_RETRY_WAIT_SECONDS) {
      context.notice(`The server is busy: trying again in ${seconds} s.`);
      await wait(seconds);
      ({ response, text } = await send(context, path, body));
    }
  }
  if (!response.ok) {
    const failure = failureFor(context.server, response.status, text, wording);
    if (response.status !== 429) throw failure;
    const seconds = retryAfterSeconds(response, text);
    const after = seconds === null ? '' : ` (the server asks to wait ${seconds} s)`;
    throw new CliFailure(failure.exitCode, `${failure.message.replace(/\.$/, '')}${after}.`);
  }
  const parsed = schema.safeParse(parseJson(text));
  if (!parsed.success) throw notAshnote(context.server, response.status);
  return parsed.data;
}
