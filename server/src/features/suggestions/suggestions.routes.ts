import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SUGGESTIONS_PER_HOUR,
  TOO_MANY_SUGGESTIONS_MESSAGE,
  createSuggestionSchema,
} from '../../../../shared/suggestions.js';
import { clientIp } from '../../http/client-ip.js';
import { requireUser } from '../../http/identity.js';
import { hitAll, type Limiter } from '../../http/rate-limit/limiter.js';
import { error, invalid, json, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { SuggestionsService } from './suggestions.service.js';

const HOUR_MS = 60 * 60 * 1000;

const SUGGESTIONS = { tags: ['Suggestions'] };
const SESSION = { access: 'session' } as const;

export async function suggestionsRoutes(
  instance: FastifyInstance,
  options: { suggestions: SuggestionsService; limiter: Limiter },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
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

  app.post(
    '/api/suggestions',
    {
      config: SESSION,
      schema: {
        ...SUGGESTIONS,
        summary: 'Send a suggestion',
        body: createSuggestionSchema,
        response: {
          201: json('The stored suggestion.'),
          ...invalid,
          ...unauthorised,
          429: error('Too many suggestions; see Retry-After.'),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await hitAll(request, sendLimits);
      const created = await suggestions.create(user, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/user/suggestions',
    {
      config: SESSION,
      schema: {
        ...SUGGESTIONS,
        summary: 'The session’s own suggestions',
        response: { 200: json('Newest first.'), ...unauthorised },
      },
    },
    async (request) => suggestions.listOwn(requireUser(request)),
  );
}
