import type { SessionUser } from '../../../../shared/sessions.js';
import { HttpError, InvalidInputError } from '../../http/errors.js';
import { NOT_JSON, readJsonBody } from '../contracts/json-body.js';
import type { SearchFilter } from '../webhooks/event-search.js';
import type { EventRow } from '../webhooks/event-view.js';
import { parseRawHeaders } from '../webhooks/event-view.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { inferSchema, type JsonSchema } from './infer-schema.js';

/** Captures read for one inference: the ids given, or the newest matching the filters. */
export const MAX_TYPE_SAMPLES = 500;

export interface CaptureTypes {
  jsonSchema: JsonSchema;
  /** A TypeScript declaration, `export interface CapturedBody`. */
  typescript: string;
  /** An ES module exporting the zod schema `capturedBody` and its type. */
  zod: string;
  /** JSON bodies the types were inferred from. */
  samples: number;
  /** Chosen requests without a JSON body, left out. */
  skipped: number;
}

export type TypesSelection = { ids: number[] } | { filter: SearchFilter };

export interface CaptureTypesService {
  /**
   * One schema, and its TypeScript and zod forms, over the JSON bodies of the chosen requests.
   * NotFoundError when an id is not one of the session's requests; InvalidInputError when none of
   * the chosen requests has a JSON body.
   */
  infer(user: SessionUser, selection: TypesSelection): Promise<CaptureTypes>;
}

async function* chosenRows(
  webhooks: WebhooksService,
  user: SessionUser,
  selection: TypesSelection,
): AsyncIterable<EventRow> {
  if ('ids' in selection) {
    for (const id of selection.ids) yield await webhooks.stored(user, id);
    return;
  }
  let count = 0;
  for await (const row of webhooks.matchingRows(user, selection.filter)) {
    yield row;
    if (++count >= MAX_TYPE_SAMPLES) return;
  }
}

export function createCaptureTypesService(deps: { webhooks: WebhooksService }): CaptureTypesService {
  return {
    async infer(user, selection) {
      const bodies: unknown[] = [];
      let skipped = 0;
      for await (const row of chosenRows(deps.webhooks, user, selection)) {
        const body = readJsonBody({
          rawHeaders: parseRawHeaders(row.raw_headers),
          body: row.body,
          truncated: Boolean(row.truncated),
        });
        if (body === NOT_JSON) skipped++;
        else bodies.push(body);
      }
      if (bodies.length === 0) {
        throw new InvalidInputError('requests: none of the chosen requests has a whole JSON body.');
      }
      const jsonSchema = inferSchema(bodies);
      // Loaded on the first inference rather than at start, where every worker would hold both
      // writers and what they bring (a code formatter among them) for a request few make.
      const [{ compile }, { jsonSchemaToZod }] = await Promise.all([
        import('json-schema-to-typescript'),
        import('json-schema-to-zod'),
      ]);
      try {
        // Both take the schema as their own JSON Schema type, which an inferred one satisfies.
        const typescript = await compile(jsonSchema as never, 'CapturedBody', {
          bannerComment: '',
          additionalProperties: false,
        });
        const zod = jsonSchemaToZod(jsonSchema as never, {
          module: 'esm',
          name: 'capturedBody',
          type: 'CapturedBody',
        });
        return { jsonSchema, typescript, zod: `${zod}\n`, samples: bodies.length, skipped };
      } catch (error) {
        // The writers trip on some field names a sender may use (a key "hasOwnProperty").
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpError(
          422,
          `requests: these bodies cannot be written as TypeScript and zod (${reason}).`,
        );
      }
    },
  };
}
