import type { Context } from 'koa';
import type { ErrorBody } from '../../../shared/errors.ts';
import { errorMessage, type Logger } from '../logger.ts';
import { AppError } from './app-error.ts';
import { answerJson } from './json-answer.ts';

/**
 * The one place errors become responses: `{ error: { code, message } }` with the code's status.
 * Unexpected errors are logged by message only (never the request) and answered generically.
 */
export function answerError(ctx: Context, thrown: unknown, logger: Logger): void {
  // Every expected failure is an AppError (bodies are read by our own json-body.ts); anything
  // else is a bug, logged and answered generically.
  const appError = thrown instanceof AppError ? thrown : null;
  const error = appError ?? new AppError('INTERNAL', 'Server error. Please try again later.');
  if (appError === null) {
    logger.error('unhandled error', { path: ctx.path, error: errorMessage(thrown) });
  }
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.fields) body.error.fields = error.fields;
  if (error.details) body.error.details = error.details;
  ctx.status = error.status;
  ctx.set(error.headers ?? {});
  answerJson(ctx, body);
}
