/**
 * Typed errors thrown by services, and the one handler that turns any error into
 * `{ "error": "…" }`. A 5xx answers a generic message (unless its error says its message is for
 * the client); the detail goes to the log only. A database that cannot be reached answers 503 and
 * is logged once per outage, not once per request.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE_MESSAGE, noteDatabaseOutage } from '../db/unavailable.js';
import type { OutageLog } from '../outage-log.js';

export class HttpError extends Error {
  /** True when even a 5xx answers with this message: the failure is not the server's, the user needs it. */
  readonly exposeMessage: boolean = false;
  /** Further fields of a 4xx answer, beside `error`. */
  readonly extra: Readonly<Record<string, unknown>> = {};

  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export class InvalidInputError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'A valid session is required. Reload the page to start one.') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

/** The whole seconds to wait for `ms` to pass, at least 1: what a Retry-After header says. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** A limit was reached: 429 with Retry-After, the whole seconds until the client's next try can succeed. */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMs: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds(retryAfterMs);
  }
}

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';
/** Seconds a client (or a load balancer) should wait before retrying after a 503. */
const RETRY_AFTER_S = 5;

/** The status to answer with the error's own message, or null when the message stays in the log. */
function exposedStatus(error: FastifyError | HttpError): number | null {
  if (error instanceof HttpError && error.exposeMessage) return error.statusCode;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** `databaseOutage` records database outages seen by requests, so they are logged once. */
export function registerErrorHandler(app: FastifyInstance, options: { databaseOutage: OutageLog }): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = exposedStatus(error);
    if (status !== null) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      const extra = error instanceof HttpError ? error.extra : {};
      return reply.status(status).send({ ...extra, error: error.message });
    }
    if (noteDatabaseOutage(options.databaseOutage, error)) {
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    const serverStatus = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
    return reply.status(serverStatus).send({ error: GENERIC_SERVER_ERROR });
  });
}
