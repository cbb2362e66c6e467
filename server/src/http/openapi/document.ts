/** Turns the list of operations into an OpenAPI 3.1 document (JSON Schema 2020-12 from zod). */
import { z } from 'zod';
import { SESSION_COOKIE } from '../../../../shared/sessions.js';
import { ADMIN_COOKIE } from '../../features/admin/admin-cookie.js';
import { API_TAGS, type ApiOperation, type ApiResponse } from './operations.js';

type JsonObject = Record<string, unknown>;

/** `/api/events/:id` → `/api/events/{id}`; Fastify's wildcard `*` becomes `{path}`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{path}');
}

function jsonSchema(schema: z.ZodType): JsonObject {
  const converted: JsonObject = { ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) };
  // The document declares the dialect once for all its schemas.
  delete converted.$schema;
  return converted;
}

function parameters(operation: ApiOperation): JsonObject[] {
  const list: JsonObject[] = [];
  for (const [where, schema] of [
    ['path', operation.params],
    ['query', operation.query],
  ] as const) {
    if (!schema) continue;
    const properties = (jsonSchema(schema).properties ?? {}) as Record<string, JsonObject>;
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...propertySchema } = property;
      list.push({
        name: name === '*' ? 'path' : name,
        in: where,
        required: where === 'path' || !schema.shape[name]?.safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  return list;
}

function responseObject(response: ApiResponse): JsonObject {
  if (response.mediaType) return { description: response.description, content: { [response.mediaType]: {} } };
  if (!response.schema) return { description: response.description };
  return {
    description: response.description,
    content: { 'application/json': { schema: jsonSchema(response.schema) } },
  };
}

const SECURITY: Record<ApiOperation['access'], JsonObject[] | undefined> = {
  public: [],
  session: [{ bearerKey: [] }, { sessionHeader: [] }, { sessionCookie: [] }],
  admin: [
    { bearerKey: [], adminCookie: [] },
    { sessionHeader: [], adminCookie: [] },
  ],
  operator: [{ metricsToken: [] }],
};

function operationObject(operation: ApiOperation): JsonObject {
  const body = operation.body
    ? {
        requestBody: {
          required: !operation.body.safeParse(undefined).success,
          content: {
            [operation.bodyMediaType ?? 'application/json']: { schema: jsonSchema(operation.body) },
          },
        },
      }
    : {};
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    operationId: `${operation.method.toLowerCase()}${openApiPath(operation.path).replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
    security: SECURITY[operation.access],
    parameters: parameters(operation),
    ...body,
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [status, responseObject(response)]),
    ),
  };
}

export function buildOpenApiDocument(
  operations: readonly ApiOperation[],
  serverUrl: string | null,
): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const operation of operations) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hookbay API',
      version: '1',
      description:
        'The API behind Hookbay’s Webhook Inspector, URL Shortener and Suggestions. Errors are JSON ' +
        '`{"error": "…"}` with a fitting status. Sessions are anonymous: `POST /api/user` gives one, ' +
        'and calls that need it send it as the `X-Session-ID` header (or the session cookie), or send ' +
        'one of its API keys as `Authorization: Bearer <key>`. While a session is private, only a key works.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: API_TAGS.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`hbk_…`) from `POST /api/keys`; it acts as its session, private or not.',
        },
        sessionHeader: { type: 'apiKey', in: 'header', name: 'X-Session-ID' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        adminCookie: { type: 'apiKey', in: 'cookie', name: ADMIN_COOKIE },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The METRICS_TOKEN setting.' },
      },
    },
  };
}
