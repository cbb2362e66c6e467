import type { FastifyRequest } from 'fastify';

/**
 * The client's address (X-Forwarded-For only when TRUST_PROXY is set, as Fastify is told). A
 * dual-stack socket reports IPv4 clients as "::ffff:1.2.3.4"; they are kept as "1.2.3.4" so one
 * client has one address everywhere: captures, clicks, limits.
 */
export function clientIp(request: FastifyRequest): string | null {
  const ip = request.ip || null;
  return ip?.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}
