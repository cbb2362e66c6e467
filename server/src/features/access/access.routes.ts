import type { FastifyInstance } from 'fastify';

import { z } from 'zod';
import {
  KEY_SCOPES,
  keyIdSchema,
  keyNameSchema,
  MAX_KEYS_PER_SESSION,
  privacyBodySchema,
} from '../../../../shared/access.js';
import { error, invalid, okSchema, unauthorised } from '../../http/openapi/responses.js';
import { requireUser } from '../../http/identity.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { AccessService } from './access.service.js';

const keySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(KEY_SCOPES).describe('`full`, or `read`: list, read, search, export and wait only.'),
  createdAt: z.string().describe('ISO 8601.'),
  lastUsedAt: z.string().nullable().describe('ISO 8601, updated at most once a minute; null until used.'),
});
const privacySchema = z.object({ private: z.boolean() });

const SESSIONS = { tags: ['Sessions'] };
const SESSION = { access: 'session' } as const;

/** `/api/keys` (a session's API keys) and `/api/user/privacy` (whether its id alone opens it). */
export async function accessRoutes(instance: FastifyInstance, options: { access: AccessService }) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { access } = options;

  app.get(
    '/api/keys',
    {
      config: SESSION,
      schema: {
        ...SESSIONS,
        summary: 'The session’s API keys (never the keys themselves)',
        response: { 200: z.array(keySchema).describe('Oldest first.'), ...unauthorised },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return access.listKeys(user);
    },
  );

  app.post(
    '/api/keys',
    {
      config: SESSION,
      schema: {
        ...SESSIONS,
        summary: 'Create an API key',
        description:
          'The key (`hbk_…`) is in this answer only; the server keeps its hash. Send it as ' +
          '`Authorization: Bearer <key>` on any call that takes a session, as `auth.token` in the ' +
          `Socket.IO handshake, or to the CLI with \`--key\`. At most ${MAX_KEYS_PER_SESSION} keys per session. ` +
          '`scope` is `full` (the default) or `read`: a read key lists, reads, searches, exports and waits, ' +
          'and every other call answers 403.',
        body: keyNameSchema,
        response: {
          201: keySchema.omit({ lastUsedAt: true }).extend({ key: z.string() }).describe('The new key.'),
          ...invalid,
          ...unauthorised,
          409: error(`The session already holds ${MAX_KEYS_PER_SESSION} keys.`),
        },
      },
    },
    async (request, reply) => {
      const { name, scope } = request.body;
      const created = await access.createKey(requireUser(request), name, scope);
      // The only answer that ever holds the key: nothing on the way may keep a copy.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/keys/:id',
    {
      config: SESSION,
      schema: {
        ...SESSIONS,
        summary: 'Revoke an API key',
        description:
          'The key stops working at once on every instance; sockets and event streams opened with it close.',
        params: keyIdSchema,
        response: {
          200: okSchema.describe('Revoked.'),
          ...invalid,
          ...unauthorised,
          404: error('The session has no key with this id.'),
        },
      },
    },
    async (request) => {
      await access.revokeKey(requireUser(request), request.params.id);
      return { ok: true };
    },
  );

  app.get(
    '/api/user/privacy',
    {
      config: SESSION,
      schema: {
        ...SESSIONS,
        summary: 'Whether the session is private',
        response: { 200: privacySchema.describe('The setting.'), ...unauthorised },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return access.getPrivacy(user);
    },
  );

  app.put(
    '/api/user/privacy',
    {
      config: SESSION,
      schema: {
        ...SESSIONS,
        summary: 'Make the session private, or public again',
        description:
          'While private, the session id (the one in the webhook URL) only receives: every call that ' +
          'takes the session needs a key, and sockets and streams opened without one are closed. ' +
          'Capture and short-link redirects are not affected. Turning it on needs a key to exist.',
        body: privacyBodySchema,
        response: {
          200: privacySchema.describe('The setting now.'),
          ...invalid,
          ...unauthorised,
          409: error('Turning privacy on while the session has no key.'),
        },
      },
    },
    async (request) => access.setPrivacy(requireUser(request), request.body.private),
  );
}
