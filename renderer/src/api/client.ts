import { isErrorBody } from '../../../shared/errors.ts';
import type { ErrorBody, ErrorCode } from '../../../shared/errors.ts';
import { platform } from '../platform/index.ts';

/**
 * The typed HTTP client every feature uses: JSON to the platform's server (the page's own on the
 * web, the chosen one on desktop), every response checked against its schema from `shared/`.
 * The session cookie goes along to the page's own server only: a desktop app's server is
 * another origin, and notes and chat need no cookie. No retries (a retried write could create a
 * second note); callers decide.
 */

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** From the `{ error: { code, message } }` body, when the server sent one. */
  readonly code: ErrorCode | undefined;
  /** The server's own error body, e.g. `details.attemptsLeft` after a wrong proof. */
  readonly body: ErrorBody['error'] | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    // Message format from the spec: "<status>: <body text, or the status text when empty>".
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    const parsed = parseJson(bodyText);
    this.body = isErrorBody(parsed) ? parsed.error : undefined;
    this.code = this.body?.code;
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}

/** The server answered 2xx with something that does not match the contract. */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
  }
}

/** What an answer is checked with: its schema from `shared/api`, classic zod or zod/mini. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** An API path (`/api/…`) on the platform's server. */
export function apiUrl(path: string): string {
  return `${platform.server.apiBase}${path}`;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function request<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body: unknown,
  schema: ResponseSchema<T> | undefined,
  options: RequestOptions = {},
): Promise<T | undefined> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: options.signal };
  // A content type only when there is a body: a bodiless POST stays a bodiless POST.
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  if (!schema) return undefined;

  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch (error) {
    throw new InvalidResponseError(path, error);
  }
  const result = schema.safeParse(data);
  if (!result.success) throw new InvalidResponseError(path, result.error);
  return result.data;
}

export async function apiGet<T>(
  path: string,
  schema: ResponseSchema<T>,
  options?: RequestOptions,
): Promise<T> {
  return (await request('GET', path, undefined, schema, options)) as T;
}

export async function apiPost<T>(
  path: string,
  body: unknown,
  schema: ResponseSchema<T>,
  options?: RequestOptions,
): Promise<T> {
  return (await request('POST', path, body, schema, options)) as T;
}

/** A POST whose answer has nothing to read (204). */
export async function apiPostNoContent(
  path: string,
  body: unknown,
  options?: RequestOptions,
): Promise<void> {
  await request('POST', path, body, undefined, options);
}

/** DELETE; parses the answer only when a schema is given (many deletes answer 204). */
export async function apiDelete(
  path: string,
  schema?: undefined,
  options?: RequestOptions,
): Promise<void>;
export async function apiDelete<T>(
  path: string,
  schema: ResponseSchema<T>,
  options?: RequestOptions,
): Promise<T>;
export async function apiDelete<T>(
  path: string,
  schema?: ResponseSchema<T>,
  options?: RequestOptions,
): Promise<T | undefined> {
  return request('DELETE', path, undefined, schema, options);
}
