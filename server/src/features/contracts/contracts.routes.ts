import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MAX_CONTRACTS,
  contractInputSchema,
  contractSchema,
  openApiImportSchema,
} from '../../../../shared/contracts.js';
import { requireUser } from '../../http/identity.js';
import { invalid, notFound, okSchema, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { ContractsService } from './contracts.service.js';

const INSPECTOR = { tags: ['Webhook Inspector'] };
const SESSION = { access: 'session' } as const;
const idParams = z.object({ id: z.string().max(100) });
const contractsSchema = z.object({ contracts: z.array(contractSchema) });
/** A 1 MiB document, JSON-escaped inside {"document": …}, fits. */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;
const LIMITS =
  `A session keeps at most ${MAX_CONTRACTS} contracts; a schema or an OpenAPI document is at most 1 MiB. ` +
  'References must stay inside the schema or document (`#/…`): Hookbay fetches nothing.';

export async function contractsRoutes(instance: FastifyInstance, options: { contracts: ContractsService }) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { contracts } = options;

  app.get(
    '/api/contracts',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'The contracts of the webhook URL, first match first',
        response: { 200: contractsSchema.describe('The contracts in list order.'), ...unauthorised },
      },
    },
    async (request) => ({ contracts: await contracts.list(requireUser(request)) }),
  );

  app.post(
    '/api/contracts',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Add a contract: a JSON Schema for a path glob, a method and optionally a header value',
        description:
          'Each captured JSON body is checked, when it is stored, against the first contract whose method, ' +
          `path glob and header match. ${LIMITS}`,
        body: contractInputSchema,
        response: { 200: contractSchema.describe('The stored contract.'), ...invalid, ...unauthorised },
      },
    },
    async (request) => contracts.add(requireUser(request), request.body),
  );

  app.post(
    '/api/contracts/openapi',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Add the contracts of an OpenAPI 3.0 or 3.1 document',
        description:
          'The document (JSON or YAML text) is validated; the JSON request body of every operation becomes ' +
          'a contract at the end of the list: for `paths`, with the path as glob (`{param}` becomes `*`) and ' +
          `the operation's method; for \`webhooks\`, for any path, named "Webhook <name>". ${LIMITS}`,
        body: openApiImportSchema,
        response: { 200: contractsSchema.describe('The contracts added.'), ...invalid, ...unauthorised },
      },
    },
    async (request) => ({
      contracts: await contracts.importOpenApi(requireUser(request), request.body.document),
    }),
  );

  app.put(
    '/api/contracts/:id',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Change a contract, keeping its place in the list',
        params: idParams,
        body: contractInputSchema,
        response: {
          200: contractSchema.describe('The stored contract.'),
          ...invalid,
          ...unauthorised,
          ...notFound,
        },
      },
    },
    async (request) => contracts.update(requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/contracts/:id',
    {
      config: SESSION,
      schema: {
        ...INSPECTOR,
        summary: 'Delete a contract',
        description: 'Requests already judged keep their verdict.',
        params: idParams,
        response: { 200: okSchema.describe('Deleted.'), ...unauthorised, ...notFound },
      },
    },
    async (request) => {
      await contracts.remove(requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
}
