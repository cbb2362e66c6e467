import type { FastifyInstance } from 'fastify';
import { keyIdSchema, keyNameSchema, privacyBodySchema } from '../../../../shared/access.js';
import { requireUser } from '../../http/identity.js';
import { parseInput } from '../../http/validation.js';
import type { AccessService } from './access.service.js';

/** `/api/keys` (a session's API keys) and `/api/user/privacy` (whether its id alone opens it). */
export async function accessRoutes(app: FastifyInstance, options: { access: AccessService }) {
  const { access } = options;

  app.get('/api/keys', async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return access.listKeys(user);
  });

  app.post('/api/keys', async (request, reply) => {
    const user = requireUser(request);
    const { name } = parseInput(keyNameSchema, request.body);
    const created = await access.createKey(user, name);
    // The only answer that ever holds the key: nothing on the way may keep a copy.
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.delete('/api/keys/:id', async (request) => {
    const user = requireUser(request);
    await access.revokeKey(user, parseInput(keyIdSchema, request.params).id);
    return { ok: true };
  });

  app.get('/api/user/privacy', async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return access.getPrivacy(user);
  });

  app.put('/api/user/privacy', async (request) => {
    const user = requireUser(request);
    const body = parseInput(privacyBodySchema, request.body);
    return access.setPrivacy(user, body.private);
  });
}
