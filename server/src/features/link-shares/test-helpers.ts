/** Analytics links through the API, as the browser and scripts use them. */
import type { FastifyInstance } from 'fastify';
import type { NewLinkShareAnswer, NewLinkShareInput } from '../../../../shared/link-shares.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { asUser } from '../../../test/factories.js';

/** Creates an analytics link with the owner's session; throws unless the server made it. */
export async function createLinkShare(
  app: FastifyInstance,
  owner: SessionUser,
  body: NewLinkShareInput,
): Promise<NewLinkShareAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/link-shares',
    headers: asUser(owner),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`share failed: ${response.statusCode} ${response.body}`);
  return response.json<NewLinkShareAnswer>();
}
