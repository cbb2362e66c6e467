/**
 * The API's OpenAPI 3.1 document and a reference page for people, served by the app itself: the
 * page loads Swagger UI's files from the installed package and starts and styles it from files of
 * ours, so no CDN and no inline script or style is involved.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PublicOrigin } from '../../config.js';
import { NotFoundError } from '../errors.js';
import { setPageHeaders } from '../page-headers.js';
import { DOCS_PAGE, DOCS_STYLES, START_SCRIPT } from './docs-page.js';
import { buildOpenApiDocument } from './document.js';
import { apiOperations } from './operations.js';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files the page loads, by name: Swagger UI's own, and ours that start and style it. */
const DOCS_FILES: Record<string, { type: string; read: () => fs.ReadStream | string }> = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => fs.createReadStream(path.join(swaggerDir, 'swagger-ui.css')),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => fs.createReadStream(path.join(swaggerDir, 'swagger-ui-bundle.js')),
  },
  'start.js': { type: 'text/javascript; charset=utf-8', read: () => START_SCRIPT },
  'hookbay-docs.css': { type: 'text/css; charset=utf-8', read: () => DOCS_STYLES },
};

export async function openApiRoutes(app: FastifyInstance, options: { publicOrigin: PublicOrigin | null }) {
  const document = JSON.stringify(buildOpenApiDocument(apiOperations, options.publicOrigin?.origin ?? null));

  app.get('/api/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );

  // Swagger UI only fetches the document from this origin.
  app.get('/api/docs', async (_request, reply) =>
    setPageHeaders(reply, []).type('text/html; charset=utf-8').send(DOCS_PAGE),
  );

  app.get<{ Params: { file: string } }>('/api/docs/:file', async (request, reply) => {
    const file = Object.hasOwn(DOCS_FILES, request.params.file) ? DOCS_FILES[request.params.file] : undefined;
    if (!file) throw new NotFoundError('No such file.');
    return reply.type(file.type).header('cache-control', 'public, max-age=3600').send(file.read());
  });
}
