/**
 * Typed errors thrown by services, and the one handler that turns any error into
 * `{ "error": "…" }`. A 5xx answers a generic message; the detail goes to the log only.
 */
import type { FastifyError, FastifyInstance } from 'fastify';

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

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';

function clientStatus(error: FastifyError | HttpError): number | null {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = clientStatus(error);
    if (status !== null) {
      return reply.status(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    const serverStatus = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
    return reply.status(serverStatus).send({ error: GENERIC_SERVER_ERROR });
  });
}
