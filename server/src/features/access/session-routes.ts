/**
 * The routes that take a session, from the server's own route list: a route added later is in it
 * the day it is added. For the tests that hold every such route to who may call it.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { CAPTURE_PREFIX } from '../../../../shared/webhooks.js';

/** Routes that take no session, and why they may answer a private session's id. */
export const SESSIONLESS_ROUTES: Record<string, string> = {
  'GET /healthz': 'the health check',
  'GET /livez': 'the liveness check',
  'GET /readyz': 'the readiness check',
  'GET /metrics': 'the operator’s metrics, behind METRICS_TOKEN',
  'POST /api/user': 'starts or resumes a session; its private answer is checked below',
  'POST /api/inspectors': 'makes a new inspector; it acts on no existing session',
  'GET /api/admin/check-status': 'answers "not an admin" without a usable session, never 401',
  'GET /api/admin/claim/:token':
    'opened by navigation with the operator’s one-time token, which is the credential (a link cannot send a key)',
  'GET /cli/hookbay.mjs': 'the forwarder file',
  'GET /api/openapi.json': 'the API document',
  'GET /api/docs': 'the API reference page',
  'GET /api/docs/:file': 'the API reference page’s files',
  'GET /s/:id': 'a short link’s redirect, for anyone',
  'POST /s/:id': 'a short link’s password form, for anyone',
  'GET /shared/:token': 'a share link’s page: the token is the credential',
  'GET /api/shared/:token': 'a share link’s read-only API: the token is the credential',
  'GET /api/shared/:token/events': 'a share link’s read-only API: the token is the credential',
  'GET /api/shared/:token/events/:id': 'a share link’s read-only API: the token is the credential',
  'GET /api/shared/:token/export': 'a share link’s read-only API: the token is the credential',
  'GET /shared/links/:token': 'an analytics link’s page: the token is the credential',
  'GET /api/shared/links/:token': 'an analytics link’s read-only API: the token is the credential',
};

/** Capture takes any method; every route under it serves anyone. */
const isCapture = (url: string) => url.startsWith(CAPTURE_PREFIX);

/** HEAD routes are GET routes answered without a body. */
export const asGet = (route: string) => route.replace(/^HEAD /, 'GET ');

/** Every `METHOD /pattern` the app registered that takes a session. */
export function sessionRoutesOf(app: FastifyInstance): string[] {
  const routes = new Set(app.registeredRoutes.map(({ method, url }) => `${method} ${url}`));
  return [...routes].filter((route) => {
    const url = route.split(' ')[1] ?? '';
    return !isCapture(url) && !(asGet(route) in SESSIONLESS_ROUTES) && !(route in SESSIONLESS_ROUTES);
  });
}

/** A request to `route` (`METHOD /pattern`) with real ids of the session where the route takes them. */
export function sessionRequest(route: string, ids: { eventId: number; linkId: string }): InjectOptions {
  const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
  const url = pattern
    .replace(/^\/api\/events\/:id/, `/api/events/${ids.eventId}`)
    .replace(/^\/api\/urls\/:id/, `/api/urls/${ids.linkId}`)
    .replace(/^\/s\/:id/, `/s/${ids.linkId}`)
    .replace(':status', 'pending')
    .replace(/:[A-Za-z]+/g, 'unknown');
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
  return { method, url, ...(hasBody ? { payload: {} } : {}) };
}
