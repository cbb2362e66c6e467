import type { FastifyInstance } from 'fastify';
import { templateProblem } from '../../../../shared/response-templates.js';
import { parseResponseRules } from '../../../../shared/responses.js';
import { InvalidInputError } from '../../http/errors.js';
import { requireUser } from '../../http/identity.js';
import type { ResponsesService } from './responses.service.js';

export async function responsesRoutes(app: FastifyInstance, options: { responses: ResponsesService }) {
  const { responses } = options;

  app.get('/api/responses', async (request) => {
    const user = requireUser(request);
    return { rules: await responses.list(user) };
  });

  app.put('/api/responses', async (request) => {
    const user = requireUser(request);
    const parsed = parseResponseRules(request.body);
    if ('error' in parsed) throw new InvalidInputError(parsed.error);
    const problem = templateProblem(parsed.rules);
    if (problem) throw new InvalidInputError(problem);
    return { rules: await responses.save(user, parsed.rules) };
  });
}
