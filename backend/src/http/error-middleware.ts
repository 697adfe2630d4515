import type { Context, Next } from 'koa';
import type { ErrorBody } from '../../../shared/errors.ts';
import { errorMessage, type Logger } from '../logger.ts';
import { AppError } from './app-error.ts';

/** Messages for failures raised below us (body parser, Koa itself), keyed by HTTP status. */
function fromHttpStatus(status: number): AppError | null {
  switch (status) {
    case 400:
      return new AppError('VALIDATION_FAILED', 'The request body is not valid JSON.');
    case 413:
      return new AppError('PAYLOAD_TOO_LARGE', 'The request is too large.');
    case 415:
      return new AppError('VALIDATION_FAILED', 'Send the request body as application/json.');
    default:
      return null;
  }
}

/**
 * The one place errors become responses: `{ error: { code, message } }` with the code's status.
 * Unexpected errors are logged by message only (never the request) and answered generically.
 */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (thrown) {
      const status = (thrown as { status?: unknown }).status;
      const appError =
        thrown instanceof AppError
          ? thrown
          : typeof status === 'number' && status >= 400 && status < 500
            ? fromHttpStatus(status)
            : null;
      const error = appError ?? new AppError('INTERNAL', 'Server error. Please try again later.');
      if (appError === null) {
        logger.error('unhandled error', { path: ctx.path, error: errorMessage(thrown) });
      }
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.fields) body.error.fields = error.fields;
      if (error.details) body.error.details = error.details;
      ctx.status = error.status;
      ctx.set(error.headers ?? {});
      ctx.body = body;
    }
  };
}
