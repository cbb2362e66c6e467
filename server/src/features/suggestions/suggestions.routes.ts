import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SUGGESTIONS_PER_HOUR,
  TOO_MANY_SUGGESTIONS_MESSAGE,
  createSuggestionSchema,
} from '../../../../shared/suggestions.js';
import { clientIp } from '../../http/client-ip.js';
import { requireUser } from '../../http/identity.js';
import { hitAll, type Limiter } from '../../http/rate-limit/limiter.js';
import { parseInput } from '../../http/validation.js';
import type { SuggestionsService } from './suggestions.service.js';

const HOUR_MS = 60 * 60 * 1000;

export async function suggestionsRoutes(
  app: FastifyInstance,
  options: { suggestions: SuggestionsService; limiter: Limiter },
) {
  const { suggestions, limiter } = options;
  const perHour = (name: string, subjectOf: (request: FastifyRequest) => string | null) =>
    limiter.define({
      name,
      max: SUGGESTIONS_PER_HOUR,
      windowMs: HOUR_MS,
      subjectOf,
      message: TOO_MANY_SUGGESTIONS_MESSAGE,
    });
  // Per session and per address: neither a new session nor a new address gets a fresh allowance.
  const sendLimits = [
    perHour('suggestions-per-session', (request) => request.user?.sessionId ?? null),
    perHour('suggestions-per-ip', clientIp),
  ];

  app.post('/api/suggestions', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(createSuggestionSchema, request.body);
    await hitAll(request, sendLimits);
    const created = await suggestions.create(user, input);
    return reply.status(201).send(created);
  });

  app.get('/api/user/suggestions', async (request) => {
    const user = requireUser(request);
    return suggestions.listOwn(user);
  });
}
