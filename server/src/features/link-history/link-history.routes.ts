/** A short link's history, for its owner. */
import type { FastifyInstance } from 'fastify';
import { linkHistoryQuerySchema } from '../../../../shared/link-history.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { LinkHistoryService } from './link-history.service.js';

interface HistoryRequest {
  Params: { id: string };
}

export async function linkHistoryRoutes(app: FastifyInstance, options: { history: LinkHistoryService }) {
  const { history } = options;

  app.get<HistoryRequest>('/api/urls/:id/history', async (request) => {
    const user = requireUser(request);
    const { limit } = parseInput(linkHistoryQuerySchema, request.query);
    return history.list(user, request.params.id, limit);
  });
}
