import type { FastifyInstance } from 'fastify';
import { createSuggestionSchema } from '../../../../shared/suggestions.js';
import { clientIp } from '../../http/client-ip.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { SuggestionsService } from './suggestions.service.js';

export async function suggestionsRoutes(app: FastifyInstance, options: { suggestions: SuggestionsService }) {
  const { suggestions } = options;

  app.post('/api/suggestions', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(createSuggestionSchema, request.body);
    const created = await suggestions.create(user, input, clientIp(request));
    return reply.status(201).send(created);
  });

  app.get('/api/user/suggestions', async (request) => {
    const user = requireUser(request);
    return suggestions.listOwn(user);
  });
}
