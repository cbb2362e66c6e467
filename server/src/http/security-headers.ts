/**
 * Helmet's security headers (`nosniff`, `no-referrer`, …) on every answer but those of routes
 * that say `config: { securityHeaders: false }` (captures and redirects, whose answers are the
 * sender's or have no page to protect). The headers never change from one request to the next:
 * helmet runs once, at start, against a response that records them, and a plain hook sets them
 * on each answer. Built again for every request (as @fastify/helmet did, with two hooks, one of
 * them async, even on the routes that skipped it), they halved a small route's throughput.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route's answers go without the security headers. */
    securityHeaders?: boolean;
  }
}

/** The headers helmet sets with these options, in its order. */
function recordHelmet(options: Parameters<typeof helmet>[0]): [string, string][] {
  const set: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push([name, value]),
    // Helmet removes X-Powered-By, which Express sets; neither Node nor Fastify does.
    removeHeader: () => undefined,
  };
  // Helmet reads nothing of the request; it throws on options it refuses.
  helmet(options)({} as never, recorder as never, () => undefined);
  return set;
}

/** Call before any route is registered. */
export function useSecurityHeaders(app: FastifyInstance): void {
  // No Content-Security-Policy here: pages set their own (page-headers.ts). No
  // Cross-Origin-Resource-Policy either: pages of other origins may load what Hookbay serves
  // (the web app built for another origin, say).
  const headers = recordHelmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: false });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false)
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
