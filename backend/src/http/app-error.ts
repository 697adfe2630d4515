import {
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetails,
  type FieldError,
} from '../../../shared/errors.ts';

/** An expected failure with a code from the shared union; the error middleware renders it. */
export class AppError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly code: Code;
  readonly status: number;
  readonly fields: FieldError[] | undefined;
  /** Typed per code by the shared contract, so clients can rely on their shape. */
  readonly details: ErrorDetails<Code> | undefined;
  /** Extra response headers, e.g. Retry-After for RATE_LIMITED. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: Code,
    message: string,
    extra: {
      fields?: FieldError[];
      details?: ErrorDetails<Code>;
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
