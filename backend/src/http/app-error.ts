import { ERROR_STATUS, type ErrorCode, type FieldError } from '../../../shared/errors.ts';

/** An expected failure with a code from the shared union; the error middleware renders it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;
  readonly details: Record<string, number | string | boolean> | undefined;
  /** Extra response headers, e.g. Retry-After for RATE_LIMITED. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: {
      fields?: FieldError[];
      details?: Record<string, number | string | boolean>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = extra.fields;
    this.details = extra.details;
    this.headers = extra.headers;
  }
}
