import type { FastifyInstance } from 'fastify';

import { z } from 'zod';
import {
  ALWAYS_REDACTED_HEADERS,
  MAX_SHARES_PER_SESSION,
  SHARE_EXPIRY_DEFAULT_HOURS,
  SHARE_EXPIRY_MAX_HOURS,
  newShareSchema,
  shareIdSchema,
  sharedPageUrl,
} from '../../../../shared/shares.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { error, invalid, okSchema, unauthorised } from '../../http/openapi/responses.js';
import { publicOrigin } from '../../http/origin.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { SharesService } from './shares.service.js';

export const shareLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(['inspector', 'request']),
  eventId: z.number().int().nullable().describe('The shared request; null for the whole inspector.'),
  redactHeaders: z.array(z.string()).describe('Headers hidden beside the ones always hidden.'),
  showSecrets: z.boolean().describe('True: no header is hidden.'),
  createdAt: z.string().describe('ISO 8601.'),
  expiresAt: z.string().describe('ISO 8601.'),
  lastUsedAt: z.string().nullable().describe('ISO 8601, updated at most once a minute; null until used.'),
  revokedAt: z.string().nullable().describe('ISO 8601; null while the link works.'),
});

const INSPECTOR = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;

/** `/api/shares`: the owner's read-only share links of the inspector or of one of its requests. */
export async function sharesRoutes(
  instance: FastifyInstance,
  options: { shares: SharesService; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { shares } = options;

  app.get(
    '/api/shares',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'The inspector’s share links (never their tokens)',
        response: {
          200: z.array(shareLinkSchema).describe('Newest first, revoked ones too.'),
          ...unauthorised,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return shares.list(requireUser(request));
    },
  );

  app.post(
    '/api/shares',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Create a read-only share link',
        description:
          'Shares the whole inspector, or one request with `eventId`. The link lists, reads, searches and ' +
          `exports, and nothing else; it works for ${SHARE_EXPIRY_DEFAULT_HOURS} hours unless \`expiresInHours\` ` +
          `says otherwise (at most ${SHARE_EXPIRY_MAX_HOURS}). The values of ${ALWAYS_REDACTED_HEADERS.join(', ')} ` +
          'and of the headers in `redactHeaders` read `[redacted]` unless `showSecrets` is true. The token ' +
          `and \`url\` are in this answer only. At most ${MAX_SHARES_PER_SESSION} working links per inspector.`,
        body: newShareSchema,
        response: {
          201: shareLinkSchema
            .extend({
              token: z.string().describe('`hbs_…`: the credential; the server keeps its hash.'),
              url: z.string().describe('The page that shows the share: `{origin}/shared/{token}`.'),
            })
            .describe('The new link.'),
          ...invalid,
          ...unauthorised,
          404: error('The inspector shows no request with this `eventId`.'),
          409: error(`The inspector already has ${MAX_SHARES_PER_SESSION} working links.`),
        },
      },
    },
    async (request, reply) => {
      const created = await shares.create(requireUser(request), request.body);
      const url = sharedPageUrl(publicOrigin(request, options.publicOrigin), created.token);
      // The only answer that ever holds the token: nothing on the way may keep a copy.
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ ...created, url });
    },
  );

  app.delete(
    '/api/shares/:id',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Revoke a share link',
        description: 'From this answer on, on every instance, the link’s page and API answer 410.',
        params: shareIdSchema,
        response: {
          200: okSchema.describe('Revoked (again, for a link revoked before).'),
          ...invalid,
          ...unauthorised,
          404: error('The inspector has no share link with this id.'),
        },
      },
    },
    async (request) => {
      await shares.revoke(requireUser(request), request.params.id);
      return { ok: true };
    },
  );
}
