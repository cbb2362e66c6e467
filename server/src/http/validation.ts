/**
 * Input is checked with the shared zod schemas: a route declares them (`schema: { params,
 * querystring, body }`) and Fastify runs them before the handler, which then reads the parsed
 * values; other input (socket payloads, form fields) goes through `parseInput`. Either way a
 * failure answers 400 with the first problem in words.
 */
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { fieldName } from '../../../shared/rule-fields.js';
import { InvalidInputError } from './errors.js';

function invalidInput(error: z.ZodError): InvalidInputError {
  const issue = error.issues[0];
  const field = issue?.path.length ? `${fieldName(issue.path)}: ` : '';
  return new InvalidInputError(`${field}${issue?.message ?? 'Invalid input.'}`);
}

/** Parses input with a shared schema; a failure throws InvalidInputError. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidInput(result.error);
}

/**
 * Types a route's parsed params, query and body from its zod schemas (`app.withTypeProvider<ZodRoutes>()`).
 * Answers stay untyped: their schemas describe them for the API document.
 */
export interface ZodRoutes extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
}

/**
 * Route schemas are zod schemas: they validate input, and answers are written as JSON (their
 * schemas are for the API document, not checked on the way out).
 */
export function useZodRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: invalidInput(result.error) };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
