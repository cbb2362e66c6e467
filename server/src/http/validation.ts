import type { z } from 'zod';
import { InvalidInputError } from './errors.js';

/** Parses input with a shared schema; a failure answers 400 with the first problem in words. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new InvalidInputError(`${field}${issue?.message ?? 'Invalid input.'}`);
}
