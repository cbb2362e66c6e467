import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminStatus } from '../../../../shared/admin.js';
import { SESSION_COOKIE, isSessionId } from '../../../../shared/sessions.js';
import { z } from 'zod';
import { ADMIN_COOKIE } from '../../http/admin-guard.js';
import { media, noBody } from '../../http/openapi/responses.js';
import { setPageHeaders } from '../../http/page-headers.js';
import { appStylesheetsOf, renderLinkPage } from '../short-links/link-page.js';
import { adminCookieOptions } from './admin-cookie.js';
import { ClaimRefusedError, type AdminService } from './admin.service.js';
import { claimRefusalPage } from './claim-refusal-page.js';

interface TokenParams {
  Params: { token: string };
}

/** Where the browser lands after a successful claim: the admin panel page. */
const ADMIN_PAGE_PATH = '/admin';

/**
 * The session of the browser that opened the link. Only the cookie counts: a link opened from a
 * terminal carries no X-Session-ID header, and a query parameter could be added by anyone.
 */
function browserSessionOf(request: FastifyRequest): string | null {
  const value = request.cookies[SESSION_COOKIE];
  return isSessionId(value) ? value : null;
}

export async function adminRoutes(
  app: FastifyInstance,
  options: { admin: AdminService; webDir: string | null },
) {
  const { admin } = options;
  const stylesheets = appStylesheetsOf(options.webDir);

  const ADMIN = { tags: ['Admin'] };
  const checkSchema = {
    ...ADMIN,
    summary: 'Whether this browser holds admin rights',
    response: { 200: z.object({ isAdmin: z.boolean() }).describe('Never 401.') },
  };
  // Never 401: the navbar asks this for every visitor, and "no" is a normal answer.
  app.get(
    '/api/admin/check-status',
    { schema: checkSchema },
    async (request, reply): Promise<AdminStatus> => {
      reply.header('cache-control', 'no-store');
      const isAdmin = request.user
        ? await admin.isAdmin(request.user.sessionId, request.cookies[ADMIN_COOKIE])
        : false;
      return { isAdmin };
    },
  );

  const claimSchema = {
    ...ADMIN,
    summary: 'Claim a one-time admin link',
    description:
      'Opened in the browser holding the granted session (its cookie): sets the admin cookie and redirects. ' +
      'The link’s one-time token is the credential.',
    response: {
      302: noBody('To the admin panel.'),
      400: media('text/html', 'An unknown, used, expired or revoked link: a page that says so.'),
      403: media(
        'text/html',
        'Opened in another browser, or at another address, than the granted one: a page that says what to do.',
      ),
    },
  };
  app.get<TokenParams>('/api/admin/claim/:token', { schema: claimSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const claimed = await admin.claim(request.params.token, browserSessionOf(request));
      request.log.info({ adminSessionId: claimed.sessionId }, 'admin link claimed');
      return reply
        .setCookie(ADMIN_COOKIE, claimed.cookieValue, adminCookieOptions(request.protocol === 'https'))
        .redirect(ADMIN_PAGE_PATH, 302);
    } catch (error) {
      if (!(error instanceof ClaimRefusedError)) throw error;
      request.log.warn(
        { browserSessionId: browserSessionOf(request), reason: error.message },
        'admin link refused',
      );
      // A person opened this link in a browser tab: answer with a page that says what to do, not JSON.
      const page = claimRefusalPage(error, {
        origin: `${request.protocol}://${request.host}`,
        token: request.params.token,
        hasSession: browserSessionOf(request) !== null,
      });
      return setPageHeaders(reply, [])
        .status(error.statusCode)
        .type('text/html; charset=utf-8')
        .send(renderLinkPage(page, stylesheets));
    }
  });
}
