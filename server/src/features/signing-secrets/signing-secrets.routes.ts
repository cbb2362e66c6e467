import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_TOLERANCE_SECONDS,
  MAX_SIGNING_SECRETS,
  newSigningSecretSchema,
  signingSecretCreateSchema,
  signingSecretSchema,
  signingSecretUpdateSchema,
} from '../../../../shared/signing-secrets.js';
import { requireUser } from '../../http/identity.js';
import { invalid, noBody, notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { SigningSecretsService } from './signing-secrets.service.js';

const INSPECTOR = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;
const idParams = z.object({ id: z.string().max(100) });

export async function signingSecretsRoutes(
  instance: FastifyInstance,
  options: { signingSecrets: SigningSecretsService },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { signingSecrets } = options;

  app.get(
    '/api/signing-secrets',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'The signing secrets of the webhook URL',
        description: 'In list order: the first secret whose path glob covers a capture judges its signature.',
        response: {
          200: z.object({ secrets: z.array(signingSecretSchema) }).describe('The secrets, values left out.'),
          ...unauthorised,
        },
      },
    },
    async (request) => ({ secrets: await signingSecrets.list(requireUser(request)) }),
  );

  app.post(
    '/api/signing-secrets',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Add a signing secret',
        description:
          `Every capture whose path the glob covers is checked with it when it arrives. At most ${MAX_SIGNING_SECRETS} ` +
          `per webhook URL; toleranceSeconds defaults to ${DEFAULT_TOLERANCE_SECONDS}. The answer holds the ` +
          'secret itself, the only time it is answered.',
        body: signingSecretCreateSchema,
        response: {
          201: newSigningSecretSchema.describe('Added; the only answer that holds the secret.'),
          ...invalid,
          ...unauthorised,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await signingSecrets.add(requireUser(request), request.body)),
  );

  app.put(
    '/api/signing-secrets/:id',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Change a signing secret',
        description: 'Replaces its settings; the secret itself only when `secret` is given.',
        params: idParams,
        body: signingSecretUpdateSchema,
        response: {
          200: signingSecretSchema.describe('The secret as changed, its value left out.'),
          ...invalid,
          ...unauthorised,
          ...notFound,
        },
      },
    },
    async (request) => signingSecrets.update(requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/signing-secrets/:id',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Delete a signing secret',
        params: idParams,
        response: { 204: noBody('Deleted.'), ...unauthorised, ...notFound },
      },
    },
    async (request, reply) => {
      await signingSecrets.remove(requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
