/** The admin side of suggestions. Every route here sits behind the admin guard. */
import type { FastifyInstance } from 'fastify';
import { suggestionStatusSchema, updateSuggestionSchema } from '../../../../shared/suggestions.js';
import { createAdminGuard, type AdminCheck } from '../../http/admin-guard.js';
import { requireUser } from '../../http/identity.js';
import { z } from 'zod';
import { adminOnly, invalid, json, notFound } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { SuggestionsService } from './suggestions.service.js';

const ADMIN = { tags: ['Admin'] };
const ADMIN_ONLY = { access: 'admin' } as const;

export async function suggestionsAdminRoutes(
  instance: FastifyInstance,
  options: { suggestions: SuggestionsService; admin: AdminCheck },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { suggestions } = options;
  // Registered inside this plugin, so the guard covers exactly the routes below.
  // Before input is validated, so that only an admin learns what input is wrong.
  app.addHook('preValidation', createAdminGuard(options.admin));

  app.get(
    '/api/admin/suggestions',
    {
      config: ADMIN_ONLY,
      schema: {
        ...ADMIN,
        summary: 'Every suggestion',
        response: { 200: json('Newest first.'), ...adminOnly },
      },
    },
    async () => suggestions.listAll(null),
  );

  app.get(
    '/api/admin/suggestions/:status',
    {
      config: ADMIN_ONLY,
      schema: {
        ...ADMIN,
        summary: 'Suggestions with one status',
        params: z.object({ status: suggestionStatusSchema }),
        response: { 200: json('Newest first.'), ...invalid, ...adminOnly },
      },
    },
    async (request) => suggestions.listAll(request.params.status),
  );

  app.get(
    '/api/admin/suggestions-stats',
    {
      config: ADMIN_ONLY,
      schema: {
        ...ADMIN,
        summary: 'Counts of suggestions by status',
        response: { 200: json('The counts.'), ...adminOnly },
      },
    },
    async () => suggestions.stats(),
  );

  const updateSchema = {
    ...ADMIN,
    summary: 'Change a suggestion’s status and notes',
    params: z.object({ id: z.string() }),
    body: updateSuggestionSchema,
    response: { 200: json('The changed suggestion.'), ...invalid, ...adminOnly, ...notFound },
  };
  app.put('/api/admin/suggestions/:id', { config: ADMIN_ONLY, schema: updateSchema }, async (request) => {
    const adminSessionId = requireUser(request).sessionId;
    const change = request.body;
    // A malformed id names no suggestion: NaN is refused by the service as not found.
    const suggestionId = /^\d+$/.test(request.params.id) ? Number(request.params.id) : Number.NaN;
    const updated = await suggestions.update(suggestionId, change);
    request.log.info(
      { adminSessionId, suggestionId, status: change.status, notesChanged: change.adminNotes !== undefined },
      'admin updated suggestion',
    );
    return updated;
  });
}
