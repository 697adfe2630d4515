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
