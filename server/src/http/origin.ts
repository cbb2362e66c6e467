/** Where this server is reached: the origin a request came to, and the public one links are built on. */
import type { FastifyRequest } from 'fastify';
import type { PublicOrigin } from '../config.js';

/** The origin the request came to (honouring X-Forwarded-* only with TRUST_PROXY). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The origin webhook and short URLs are built on: PUBLIC_URL when set, else the request's own. */
export function publicOrigin(request: FastifyRequest, configured: PublicOrigin | null): string {
  return configured?.origin ?? requestOrigin(request);
}
