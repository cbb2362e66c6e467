/** Calls of the bulk routes for the tests. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { LINKS_BULK_PATH } from '../../../../shared/link-bulk.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { asUser } from '../../../test/factories.js';

/** Sends `payload` to the bulk route as `user` (no session when null), from `remoteAddress`. */
export function sendBulk(
  app: FastifyInstance,
  method: 'POST' | 'PATCH' | 'DELETE',
  user: SessionUser | null,
  payload: unknown,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: LINKS_BULK_PATH,
    headers: user ? asUser(user) : {},
    payload: payload as object,
    remoteAddress,
  });
}

/** `count` acceptable create items, each with its own destination path. */
export function createItems(count: number, prefix = 'page'): { url: string }[] {
  return Array.from({ length: count }, (_, index) => ({ url: `https://example.com/${prefix}-${index}` }));
}
