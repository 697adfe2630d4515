import type { ErrorDetails } from './error-details.ts';

/**
 * The one error model (STYLE.md habit 6): servers answer `{ error: { code, message } }`,
 * clients switch on `code`. Adding a code here forces every exhaustive switch to handle it.
 */

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  WRONG_PROOF: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** Too late: someone else already did it (a request answered twice). */
  CONFLICT: 409,
  /** A note's files are not all uploaded yet: it cannot be completed (see `details`). */
  UPLOAD_INCOMPLETE: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  /** A note's files are larger together than this server takes (its limit in `details`). */
  FILES_TOO_LARGE: 413,
  PROOF_REQUIRED: 428,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Which limit a RATE_LIMITED answer is about, when the client has something specific to say
 * (`file-bytes`: the bytes of files one client may send in an hour, NOTE_FILE_BYTES_PER_HOUR).
 */
export const RATE_LIMIT_SCOPES = ['read-receipt', 'newsletter-resend', 'file-bytes'] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];

export type { DetailedErrorCode, ErrorDetails } from './error-details.ts';

export interface FieldError {
  path: string;
  message: string;
}

export interface ErrorBody<Code extends ErrorCode = ErrorCode> {
  error: {
    code: Code;
    message: string;
    /** Per-field problems for VALIDATION_FAILED. */
    fields?: FieldError[];
    /** Extra machine-readable facts, e.g. attempts left after a wrong proof. */
    details?: ErrorDetails<Code>;
  };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    (error as { code: string }).code in ERROR_STATUS
  );
}

/** Exhaustiveness guard for `switch` over unions (STYLE.md, after Signal's missingCaseError). */
export function missingCase(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
