/**
 * Serves the built web app. Files under the build folder are served as they are; any other GET
 * outside /api falls back to index.html so the browser router can show the page. The page's
 * absolute addresses (canonical, share image) are filled in with PUBLIC_URL or, without it, the
 * origin the browser used.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { PublicOrigin } from '../config.js';
import { publicOrigin, requestOrigin } from './origin.js';
import { setPageHeaders } from './page-headers.js';

const ORIGIN_PLACEHOLDER = /%HOOKBAY_ORIGIN%/g;

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the web app's page, e.g. with status 404 for an unknown short link. */
    sendAppPage(status?: number): FastifyReply;
  }
}

function isPageRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
}

export const spaPlugin = fp(
  async (
    app: FastifyInstance,
    options: { webDir: string | null; publicOrigin: PublicOrigin | null; apiOrigin: string | null },
  ) => {
    // The pages may also reach the server by PUBLIC_URL (webhook URLs are built on it) and the
    // API origin the build was pointed at (repeating the page's own origin does no harm).
    const otherOrigins = [
      ...new Set(
        [options.publicOrigin?.origin, options.apiOrigin].filter((origin): origin is string =>
          Boolean(origin),
        ),
      ),
    ];
    const indexFile = options.webDir ? path.join(options.webDir, 'index.html') : null;
    const template = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
    if (template && options.webDir) {
      await app.register(fastifyStatic, {
        root: options.webDir,
        index: false,
        wildcard: false,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          // Built assets carry a content hash in their name and never change.
          const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn('The web app is not built (run npm run build); pages will not be served.');
    }

    app.decorateReply('sendAppPage', function (this: FastifyReply, status = 200) {
      if (!template)
        return this.status(status).send({
          error: status === 404 ? 'Not found.' : 'The web app is not built.',
        });
      const origin = publicOrigin(this.request, options.publicOrigin);
      const isOwnOrigin = (other: string) => other === requestOrigin(this.request);
      return setPageHeaders(
        this,
        otherOrigins.filter((other) => !isOwnOrigin(other)),
      )
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(template.replace(ORIGIN_PLACEHOLDER, origin));
    });

    app.setNotFoundHandler((request, reply) => {
      if (isPageRequest(request)) return reply.sendAppPage();
      return reply
        .status(404)
        .send({ error: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}.` });
    });
  },
);
