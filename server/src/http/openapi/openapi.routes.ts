/**
 * The API's OpenAPI 3.1 document and a reference page for people, served by the app itself: the
 * page loads Swagger UI's files from the installed package and starts and styles it from files of
 * ours, so no CDN and no inline script or style is involved.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../errors.js';
import { setPageHeaders } from '../page-headers.js';
import { DOCS_PAGE, DOCS_STYLES, START_SCRIPT } from './docs-page.js';
import { apiDocument } from './document.js';
import { media, error, json } from './responses.js';

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

const SERVICE = { tags: ['Service'] };

export async function openApiRoutes(app: FastifyInstance) {
  // Made once, at the first request: every route is registered by then.
  let document: string | null = null;

  app.get(
    '/api/openapi.json',
    { schema: { ...SERVICE, summary: 'This document', response: { 200: json('OpenAPI 3.1.') } } },
    async (_request, reply) => {
      document ??= JSON.stringify(apiDocument(app));
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );

  // Swagger UI only fetches the document from this origin.
  app.get(
    '/api/docs',
    {
      schema: {
        ...SERVICE,
        summary: 'A readable reference of this document',
        response: { 200: media('text/html', 'An HTML page.') },
      },
    },
    async (_request, reply) => setPageHeaders(reply, []).type('text/html; charset=utf-8').send(DOCS_PAGE),
  );

  app.get<{ Params: { file: string } }>(
    '/api/docs/:file',
    {
      schema: {
        ...SERVICE,
        summary: 'A file of the reference page (its script and style)',
        response: { 200: media('*/*', 'The file.'), 404: error('No such file.') },
      },
    },
    async (request, reply) => {
      const file = Object.hasOwn(DOCS_FILES, request.params.file)
        ? DOCS_FILES[request.params.file]
        : undefined;
      if (!file) throw new NotFoundError('No such file.');
      return reply.type(file.type).header('cache-control', 'public, max-age=3600').send(file.read());
    },
  );
}
