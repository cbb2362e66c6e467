/** `GET /api/urls/{id}/qr`: a link's QR code in the owner's colours, as SVG or PNG. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { QR_MIN_CONTRAST, QR_SIZE_MAX, QR_SIZE_MIN, qrQuerySchema } from '../../../../shared/link-qr.js';
import { shortUrl } from '../../../../shared/links.js';
import type { PublicOrigin } from '../../config.js';
import { requireUser } from '../../http/identity.js';
import { invalid, notFound, unauthorised } from '../../http/openapi/responses.js';
import { publicOrigin } from '../../http/origin.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { LinkQrService } from './link-qr.service.js';

const schema = {
  tags: ['Short links'],
  summary: 'A short link’s QR code, branded',
  description:
    '`format` svg (default) or png; `fg` and `bg` as `#rrggbb` (default black on white), the foreground darker ' +
    `than the background with a contrast of at least ${QR_MIN_CONTRAST}:1, else 400 naming \`fg\`; \`size\` in ` +
    `pixels, ${QR_SIZE_MIN} to ${QR_SIZE_MAX} (default 512); \`level\` the error correction, L, M (default), Q or H. ` +
    'The code holds the short URL. Drawn on the server, so a script gets the same file as the app.',
  params: z.object({ id: z.string() }),
  querystring: qrQuerySchema,
  response: {
    200: {
      description: 'The image, as an attachment named `short-link-{id}-qr.{svg|png}`.',
      content: { 'image/svg+xml': { schema: z.unknown() }, 'image/png': { schema: z.unknown() } },
    },
    ...invalid,
    ...unauthorised,
    ...notFound,
  },
};

export async function linkQrRoutes(
  instance: FastifyInstance,
  options: { qr: LinkQrService; publicOrigin: PublicOrigin | null },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  app.get('/api/urls/:id/qr', { config: { access: 'session' }, schema }, async (request, reply) => {
    const origin = publicOrigin(request, options.publicOrigin);
    const image = await options.qr.draw(
      requireUser(request),
      request.params.id,
      (id) => shortUrl(origin, id),
      request.query,
    );
    return reply
      .type(image.contentType)
      .header('content-disposition', `attachment; filename="${image.fileName}"`)
      .header('cache-control', 'private, no-cache')
      .send(image.body);
  });
}
