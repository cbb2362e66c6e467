/** Share links through the API, as the browser and scripts use them. */
import type { FastifyInstance } from 'fastify';
import type { NewShareInput, NewShareLink } from '../../../../shared/shares.js';

/** The headers of a request with every kind of secret a share link hides by default, and one it shows. */
export const SECRET_HEADERS = {
  authorization: 'Bearer sk_live_authorization_secret',
  cookie: 'session=cookie_secret_value',
  'proxy-authorization': 'Basic proxy_secret_value',
  'x-hub-signature-256': 'sha256=github_signature_secret',
  'stripe-signature': 't=1,v1=stripe_signature_secret',
  'x-api-token': 'custom_header_secret',
  'x-visible': 'plain-visible-value',
} as const;

/** Every secret value above; none may appear in what a redacting link answers. */
export const SECRET_VALUES = [
  'sk_live_authorization_secret',
  'cookie_secret_value',
  'proxy_secret_value',
  'github_signature_secret',
  'stripe_signature_secret',
  'custom_header_secret',
];

/** Captures one request with the secret headers into the session; returns its id. */
export async function captureWithSecrets(
  app: FastifyInstance,
  sessionId: string,
  path = '/hook',
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `/webhook/${sessionId}${path}?q=1`,
    headers: { ...SECRET_HEADERS, 'content-type': 'application/json' },
    payload: { order: 42 },
  });
  return response.json<{ id: number }>().id;
}

/** Creates a share link with the owner's headers; throws unless the server made it. */
export async function createShare(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: NewShareInput = {},
): Promise<NewShareLink> {
  const response = await app.inject({ method: 'POST', url: '/api/shares', headers, payload: body });
  if (response.statusCode !== 201) throw new Error(`share failed: ${response.statusCode} ${response.body}`);
  return response.json<NewShareLink>();
}
