import { z } from 'zod';
import { AI_ARTICLE_FAILURES } from './api/blog.ts';
import { DESTROY_REASONS } from './api/notes.ts';
import { RATE_LIMIT_SCOPES, type ErrorBody, type ErrorCode } from './errors.ts';

/**
 * The `details` of error answers, code by code, as schemas. Apart from errors.ts so that a
 * page which only needs the error codes does not load zod; readers of details load this.
 */

/**
 * The machine-readable facts each code may carry in `details`, written once: the server is
 * typed by them (AppError) and clients read them only through `errorDetails()`, which checks.
 */
export const errorDetailsSchemas = {
  /**
   * `emailAvailable: false`: refused because this server has no mail configured.
   * `expectedBytes`: a file chunk's body had another length than this, the one it must have.
   */
  VALIDATION_FAILED: z.object({
    emailAvailable: z.boolean().optional(),
    expectedBytes: z.number().int().nonnegative().optional(),
  }),
  WRONG_PROOF: z.object({ attemptsLeft: z.number().int().nonnegative() }),
  GONE: z.object({ reason: z.enum(DESTROY_REASONS) }),
  /** How many chunks of the note's files the server has not received yet. */
  UPLOAD_INCOMPLETE: z.object({ missingChunks: z.number().int().positive() }),
  /** The most this server takes for one note's files together, in bytes before encryption. */
  FILES_TOO_LARGE: z.object({ maxFileBytes: z.number().int().positive() }),
  RATE_LIMITED: z.object({
    retryAfterSeconds: z.number().int().positive(),
    scope: z.enum(RATE_LIMIT_SCOPES).optional(),
  }),
  /** `aiArticle`: why a generated article was not published (`minChars` with `too_short`). */
  UNAVAILABLE: z.object({
    aiArticle: z.enum(AI_ARTICLE_FAILURES).optional(),
    minChars: z.number().int().positive().optional(),
  }),
} satisfies Partial<Record<ErrorCode, z.ZodType>>;

type DetailSchemas = typeof errorDetailsSchemas;
export type DetailedErrorCode = keyof DetailSchemas;

/** The `details` of one code (never, for codes that carry none). */
export type ErrorDetails<Code extends ErrorCode = ErrorCode> = Code extends DetailedErrorCode
  ? z.infer<DetailSchemas[Code]>
  : never;

/**
 * The details of an error body when it has this code and they match the contract; otherwise
 * undefined (an older or newer server may send less or more, and the client falls back).
 */
export function errorDetails<Code extends DetailedErrorCode>(
  body: ErrorBody['error'] | undefined,
  code: Code,
): ErrorDetails<Code> | undefined {
  if (body?.code !== code || body.details === undefined) return undefined;
  const parsed = errorDetailsSchemas[code].safeParse(body.details);
  return parsed.success ? (parsed.data as ErrorDetails<Code>) : undefined;
}
