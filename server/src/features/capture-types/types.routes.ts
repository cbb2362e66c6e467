import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../http/identity.js';
import { error, invalid, notFound, unauthorised } from '../../http/openapi/responses.js';
import type { ZodRoutes } from '../../http/validation.js';
import { searchQuerySchema } from '../webhooks/event-search.js';
import { ENUM_MAX_VALUES, ENUM_MIN_SAMPLES } from './infer-schema.js';
import { MAX_TYPE_SAMPLES, type CaptureTypesService } from './types.service.js';

const typesBody = searchQuerySchema(
  z.object({
    ids: z
      .array(z.number().int().positive(), { error: 'ids must be a list of request ids.' })
      .min(1, 'ids must name at least one request.')
      .max(MAX_TYPE_SAMPLES, `ids may name at most ${MAX_TYPE_SAMPLES} requests.`)
      .optional(),
  }),
);

const typesAnswer = z.object({
  jsonSchema: z.record(z.string(), z.unknown()).describe('The inferred JSON Schema, draft 2020-12.'),
  typescript: z.string().describe('`export interface CapturedBody { … }`'),
  zod: z.string().describe('An ES module exporting `capturedBody` (a zod schema) and `CapturedBody`.'),
  samples: z.number().int().describe('JSON bodies the types come from.'),
  skipped: z.number().int().describe('Chosen requests without a whole JSON body, left out.'),
});

export async function captureTypesRoutes(instance: FastifyInstance, options: { types: CaptureTypesService }) {
  const app = instance.withTypeProvider<ZodRoutes>();

  app.post(
    '/api/events/types',
    {
      config: { access: 'session' },
      schema: {
        tags: ['Webhook Inspector'],
        summary: 'Infer one JSON Schema, TypeScript type and zod schema from captured JSON bodies',
        description:
          `The requests are \`ids\` (at most ${MAX_TYPE_SAMPLES}), or else the newest ${MAX_TYPE_SAMPLES} matching ` +
          'the search filters of GET /api/events (`q`, `method`, `from`, `to`). A property is required only ' +
          'when every body has it; a place seen with several types gets them all; a string place with at most ' +
          `${ENUM_MAX_VALUES} distinct values over at least ${ENUM_MIN_SAMPLES} samples (one repeated) is an enum; ` +
          'strings that all look like date-time, uuid, email or uri get that format.',
        body: typesBody,
        response: {
          200: typesAnswer.describe('The types.'),
          ...invalid,
          ...unauthorised,
          ...notFound,
          422: error(
            'The bodies hold a field the TypeScript or zod writer cannot take (e.g. "hasOwnProperty").',
          ),
        },
      },
    },
    async (request) => {
      const { ids, filter } = request.body;
      return options.types.infer(requireUser(request), ids ? { ids } : { filter });
    },
  );
}
