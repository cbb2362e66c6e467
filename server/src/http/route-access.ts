/**
 * Who may call a route, declared on the route itself (`config: { access }`). The API document
 * reads it for each operation's security; a `session` route answers 401 before its input is
 * validated, so a caller without a session hears that first. A `read` key may call only the
 * session routes that say so (`keyScope: 'read'`); any other answers it 403, so a route added
 * later is closed to read keys until it says it only reads. Routes that declare nothing (capture,
 * redirects, pages) get no hook at all and stay as cheap as they are.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { KeyScope } from '../../../shared/access.js';
import { ForbiddenError } from './errors.js';
import { requireUser } from './identity.js';

/** `operator`: the METRICS_TOKEN as a bearer token; `admin`: a session with this browser's admin cookie. */
export type RouteAccess = 'public' | 'session' | 'admin' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The least key scope a `session` route takes: 'read' for routes that only read; default 'full'. */
    keyScope?: KeyScope;
  }
}

export const READ_KEY_MESSAGE =
  'This key only reads (list, read, search, export, wait): use a key with full scope to change anything.';

const requireSession: preValidationAsyncHookHandler = async (request) => {
  requireUser(request);
};

/** Refuses a read key: for a route that changes something, or a read route's option that does. */
export function refuseReadKey(request: FastifyRequest): void {
  if (request.identity?.kind === 'key' && request.identity.scope === 'read')
    throw new ForbiddenError(READ_KEY_MESSAGE);
}

const requireFullKey: preValidationAsyncHookHandler = async (request) => {
  requireUser(request);
  refuseReadKey(request);
};

/** Call before any route is registered. */
export function enforceRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'session') return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    const check = route.config.keyScope === 'read' ? requireSession : requireFullKey;
    route.preValidation = [check, ...own] as typeof route.preValidation;
  });
}
