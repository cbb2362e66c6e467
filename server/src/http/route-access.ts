/**
 * Who may call a route, declared on the route itself (`config: { access }`). The API document
 * reads it for each operation's security; a `session` route answers 401 before its input is
 * validated, so a caller without a session hears that first. Routes that declare nothing (capture,
 * redirects, pages) get no hook at all and stay as cheap as they are.
 */
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { requireUser } from './identity.js';

/** `operator`: the METRICS_TOKEN as a bearer token; `admin`: a session with this browser's admin cookie. */
export type RouteAccess = 'public' | 'session' | 'admin' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const requireSession: preValidationAsyncHookHandler = async (request) => {
  requireUser(request);
};

/** Call before any route is registered. */
export function enforceRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'session') return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [requireSession, ...own] as typeof route.preValidation;
  });
}
