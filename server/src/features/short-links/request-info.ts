/** What the short-link routes read off a request: the public origin, the host names, the visitor. */
import type { FastifyRequest } from 'fastify';
import type { PublicOrigin } from '../../config.js';
import { clientIp } from '../../http/client-ip.js';
import { publicOrigin } from '../../http/origin.js';
import type { LinkContext } from './links.service.js';
import type { Visit } from './clicks.service.js';

/** Long header values are cut: they only feed analytics and would bloat every click row. */
export const HEADER_MAX_LENGTH = 2048;

/** Short URLs are built on PUBLIC_URL when set, else on the origin the request came to. */
export function linkContextOf(request: FastifyRequest, configured: PublicOrigin | null): LinkContext {
  const ownHostnames = configured ? [request.hostname, configured.hostname] : [request.hostname];
  return { apiBase: publicOrigin(request, configured), ownHostnames };
}

function header(request: FastifyRequest, name: 'user-agent' | 'referer'): string | null {
  const value = request.headers[name];
  return value ? value.slice(0, HEADER_MAX_LENGTH) : null;
}

/** The visitor as the click records it. */
export function visitOf(request: FastifyRequest): Visit {
  return {
    ip: clientIp(request),
    userAgent: header(request, 'user-agent'),
    referer: header(request, 'referer'),
    at: Date.now(),
  };
}
