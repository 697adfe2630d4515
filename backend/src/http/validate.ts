import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses untrusted input with a shared schema; a mismatch becomes VALIDATION_FAILED with field errors. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError('VALIDATION_FAILED', 'Please check your input and try again.', {
    fields: result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  });
}

/** A path parameter checked against its shared schema; a mismatch is VALIDATION_FAILED with `message`. */
export function parseParam<Schema extends z.ZodType>(
  schema: Schema,
  raw: string | undefined,
  message: string,
): z.infer<Schema> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', message);
  return parsed.data;
}
