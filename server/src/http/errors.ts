/**
 * Typed errors thrown by services, and the one handler that turns any error into
 * `{ "error": "…" }`. A 5xx answers a generic message; the detail goes to the log only. A database
 * that cannot be reached answers 503 and is logged once per outage, not once per request.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE_MESSAGE, noteDatabaseOutage } from '../db/unavailable.js';
import type { OutageLog } from '../outage-log.js';

export class HttpError extends Error {
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

/** A limit was reached: 429 with Retry-After, the whole seconds until the client's next try can succeed. */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMs: number) {
    super(429, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';
/** Seconds a client (or a load balancer) should wait before retrying after a 503. */
const RETRY_AFTER_S = 5;

function clientStatus(error: FastifyError | HttpError): number | null {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** `databaseOutage` records database outages seen by requests, so they are logged once. */
export function registerErrorHandler(app: FastifyInstance, options: { databaseOutage: OutageLog }): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = clientStatus(error);
    if (status !== null) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(status).send({ error: error.message });
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
