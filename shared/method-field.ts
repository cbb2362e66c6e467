/**
 * The method field of a rule, a contract or a callback: an HTTP method token (letters and dashes,
 * at most 20 characters), kept upper case.
 */
import { z } from 'zod';

/** An HTTP method as Hookbay takes one in a form or an API body. */
export const METHOD_PATTERN = /^[A-Za-z][A-Za-z-]{0,19}$/;

/** `*` (any method) or one HTTP method; `*` when left out. */
export const methodOrAnySchema = z
  .string({ error: 'The method must be * or one HTTP method.' })
  .refine((method) => method === '*' || METHOD_PATTERN.test(method), {
    error: 'The method must be * or one HTTP method, such as POST.',
  })
  .transform((method) => method.toUpperCase())
  .default('*');
