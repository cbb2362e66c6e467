import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSuggestionSchema } from '../../../../shared/suggestions.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { SuggestionsService } from './suggestions.service.js';

/** The sender's address for the hourly limit; a dual-stack "::ffff:1.2.3.4" counts as "1.2.3.4". */
function senderIp(request: FastifyRequest): string | null {
  const ip = request.ip || null;
  return ip?.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}

export async function suggestionsRoutes(app: FastifyInstance, options: { suggestions: SuggestionsService }) {
  const { suggestions } = options;

  app.post('/api/suggestions', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(createSuggestionSchema, request.body);
    const created = await suggestions.create(user, input, senderIp(request));
    return reply.status(201).send(created);
  });

  app.get('/api/user/suggestions', async (request) => {
    const user = requireUser(request);
    return suggestions.listOwn(user);
  });
}
