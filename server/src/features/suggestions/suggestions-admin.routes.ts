/** The admin side of suggestions. Every route here sits behind the admin guard. */
import type { FastifyInstance } from 'fastify';
import { suggestionStatusSchema, updateSuggestionSchema } from '../../../../shared/suggestions.js';
import { createAdminGuard } from '../../http/admin-guard.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { AdminService } from '../admin/admin.service.js';
import type { SuggestionsService } from './suggestions.service.js';

interface StatusParams {
  Params: { status: string };
}

interface IdParams {
  Params: { id: string };
}

export async function suggestionsAdminRoutes(
  app: FastifyInstance,
  options: { suggestions: SuggestionsService; admin: AdminService },
) {
  const { suggestions } = options;
  // Registered inside this plugin, so the guard covers exactly the routes below.
  app.addHook('preHandler', createAdminGuard(options.admin));

  app.get('/api/admin/suggestions', async () => suggestions.listAll(null));

  app.get<StatusParams>('/api/admin/suggestions/:status', async (request) => {
    const status = parseInput(suggestionStatusSchema, request.params.status);
    return suggestions.listAll(status);
  });

  app.get('/api/admin/suggestions-stats', async () => suggestions.stats());

  app.put<IdParams>('/api/admin/suggestions/:id', async (request) => {
    const adminSessionId = requireUser(request).sessionId;
    const change = parseInput(updateSuggestionSchema, request.body);
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
