/**
 * The OpenAPI 3.1 document, made by @fastify/swagger from the routes themselves: each route's zod
 * schemas (params, query, body, answers by status) become JSON Schema 2020-12, and its declared
 * access becomes the operation's security.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../../../shared/sessions.js';
import { ADMIN_COOKIE } from '../admin-guard.js';
import type { RouteAccess } from '../route-access.js';
import { API_TAGS } from './responses.js';

type JsonObject = Record<string, unknown>;

const SECURITY: Record<RouteAccess, Record<string, string[]>[]> = {
  public: [],
  session: [{ bearerKey: [] }, { sessionHeader: [] }, { sessionCookie: [] }],
  admin: [
    { bearerKey: [], adminCookie: [] },
    { sessionHeader: [], adminCookie: [] },
  ],
  operator: [{ metricsToken: [] }],
};

const DESCRIPTION =
  'The API behind Hookbay’s Webhook Inspector, URL Shortener and Suggestions. Errors are JSON ' +
  '`{"error": "…"}` with a fitting status. Sessions are anonymous: `POST /api/user` gives one, ' +
  'and calls that need it send it as the `X-Session-ID` header (or the session cookie), or send ' +
  'one of its API keys as `Authorization: Bearer <key>`. While a session is private, only a key works.';

/** Call before any route is registered: the plugin collects routes as they are added. */
export async function registerApiDocument(app: FastifyInstance, serverUrl: string | null): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Hookbay API', version: '1', description: DESCRIPTION },
      ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
      tags: API_TAGS.map((name) => ({ name })),
      components: {
        securitySchemes: {
          bearerKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (`hbk_…`) from `POST /api/keys`; it acts as its session, private or not.',
          },
          sessionHeader: { type: 'apiKey', in: 'header', name: 'X-Session-ID' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          adminCookie: { type: 'apiKey', in: 'cookie', name: ADMIN_COOKIE },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'The METRICS_TOKEN setting.' },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const access = input.route.config?.access ?? 'public';
      // Fastify's wildcard becomes a named path parameter.
      return { url: url.replace(/\*$/, ':path'), schema: { ...schema, security: SECURITY[access] } };
    },
  });
}

/** Methods an OpenAPI 3.1 path can list; capture's others (PROPFIND, …) are described in words. */
const OPENAPI_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** `get` + `/api/events/{id}/body` → `getApiEventsIdBody`. */
function operationId(method: string, path: string): string {
  return `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`;
}

/** The finished document: only the methods OpenAPI knows, each operation with an id. */
export function apiDocument(app: FastifyInstance): JsonObject {
  const generated = app.swagger() as unknown as { paths: Record<string, Record<string, JsonObject>> };
  const paths = Object.fromEntries(
    Object.entries(generated.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item)
          .filter(([method]) => OPENAPI_METHODS.has(method))
          .map(([method, operation]) => [method, { operationId: operationId(method, path), ...operation }]),
      ),
    ]),
  );
  return { ...generated, paths };
}
