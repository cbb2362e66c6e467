import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  LINK_SHARE_EXPIRY_DEFAULT_DAYS,
  LINK_SHARE_EXPIRY_MAX_DAYS,
  MAX_LINK_SHARES_PER_SESSION,
  linkShareListQuerySchema,
  newLinkShareSchema,
  sharedLinkPageUrl,
} from '../../../../shared/link-shares.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { error, invalid, okSchema, unauthorised } from '../../http/openapi/responses.js';
import { publicOrigin } from '../../http/origin.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { LinkSharesService } from './link-shares.service.js';

export const linkShareSchema = z.object({
  id: z.string(),
  kind: z.enum(['link', 'tag']),
  linkId: z.string().nullable().describe('The shared short link; null for a tag.'),
  tag: z.string().nullable().describe('The shared tag, lower case; null for a link.'),
  createdAt: z.string().describe('ISO 8601.'),
  expiresAt: z.string().describe('ISO 8601.'),
  lastUsedAt: z.string().nullable().describe('ISO 8601, updated at most once a minute; null until used.'),
  revokedAt: z.string().nullable().describe('ISO 8601; null while the link works.'),
});

const SHORT_LINKS = { tags: ['Short links'] };
const SESSION = { access: 'session' } as const;

/** `/api/link-shares`: the owner's read-only analytics links of one short link or one tag. */
export async function linkSharesRoutes(
  instance: FastifyInstance,
  options: { linkShares: LinkSharesService; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { linkShares } = options;

  app.get(
    '/api/link-shares',
    {
      config: SESSION,
      schema: {
        ...SHORT_LINKS,
        summary: 'The session’s analytics links (never their tokens)',
        querystring: linkShareListQuerySchema,
        response: {
          200: z
            .array(linkShareSchema)
            .describe(
              'Newest first, revoked and expired ones too; `?linkId=` or `?tag=` keeps those of one link or tag.',
            ),
          ...invalid,
          ...unauthorised,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return linkShares.list(requireUser(request), request.query);
    },
  );

  app.post(
    '/api/link-shares',
    {
      config: SESSION,
      schema: {
        ...SHORT_LINKS,
        summary: 'Create a read-only analytics link of a short link or a tag',
        description:
          'Give `linkId` or `tag`. Whoever opens the link sees the counts of the link’s or tag’s analytics, never an ' +
          `IP address or a visitor hash. It works for ${LINK_SHARE_EXPIRY_DEFAULT_DAYS} days unless \`expiresInDays\` ` +
          `says otherwise (1 to ${LINK_SHARE_EXPIRY_MAX_DAYS}). The token and \`url\` are in this answer only. ` +
          `At most ${MAX_LINK_SHARES_PER_SESSION} working analytics links per session.`,
        body: newLinkShareSchema,
        response: {
          201: linkShareSchema
            .extend({
              token: z.string().describe('`hbl_…`: the credential; the server keeps its hash.'),
              url: z.string().describe('The page that shows it: `{origin}/shared/links/{token}`.'),
            })
            .describe('The new analytics link.'),
          ...invalid,
          ...unauthorised,
          404: error('The session has no such link, or none of its links has this tag.'),
          409: error(`The session already has ${MAX_LINK_SHARES_PER_SESSION} working analytics links.`),
        },
      },
    },
    async (request, reply) => {
      const created = await linkShares.create(requireUser(request), request.body);
      const url = sharedLinkPageUrl(publicOrigin(request, options.publicOrigin), created.token);
      // The only answer that ever holds the token: nothing on the way may keep a copy.
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ ...created, url });
    },
  );

  app.delete(
    '/api/link-shares/:id',
    {
      config: SESSION,
      schema: {
        ...SHORT_LINKS,
        summary: 'Revoke an analytics link',
        description: 'From this answer on, on every instance, its page and API answer 410.',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: {
          200: okSchema.describe('Revoked (again, for one revoked before).'),
          ...invalid,
          ...unauthorised,
          404: error('The session has no analytics link with this id.'),
        },
      },
    },
    async (request) => {
      await linkShares.revoke(requireUser(request), request.params.id);
      return { ok: true };
    },
  );
}
