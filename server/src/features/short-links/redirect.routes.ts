/**
 * The public side of short links: the redirect (or the page that stands in for it: expired,
 * limit reached, disabled, password) and the password form's answer; visits to links that do not
 * exist are kept as orphan visits.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LinkCard } from '../../../../shared/link-card.js';
import { shortUrl } from '../../../../shared/links.js';
import type { PublicOrigin } from '../../config.js';
import { noteDatabaseOutage } from '../../db/unavailable.js';
import { setPageHeaders } from '../../http/page-headers.js';
import type { ZodRoutes } from '../../http/validation.js';
import type { OutageLog } from '../../outage-log.js';
import type { ClickCounts, RedirectCounts } from '../metrics/metrics.service.js';
import type { OrphanVisitsService } from '../orphan-visits/orphan-visits.service.js';
import type { ClicksService, Visit } from './clicks.service.js';
import { NO_STORE, type CachedLink } from './link-cache.js';
import { isLinkPreviewAgent, renderCardPage } from './link-card-page.js';
import { appStylesheetsOf, renderLinkPage, type LinkPage } from './link-page.js';
import { closedPageOf, LIMIT_REACHED_PAGE, type Closed } from './closed-pages.js';
import type { LinkPasswords } from './link-passwords.js';
import type { LinksService } from './links.service.js';
import { HEADER_MAX_LENGTH, linkContextOf, visitOf } from './request-info.js';
import {
  destinationOf,
  needsTargeting,
  queryOf,
  visitTo,
  type Destination,
} from '../link-targeting/destination.js';
import { isLinkId } from './link-id.js';
import { followSchema, passwordSchema } from './redirect.schemas.js';
import { formField, passwordPage } from './password-page.js';

interface IdParams {
  Params: { id: string };
}

const FORM_BODY_LIMIT = 4096;

/** How the right password redirects, whatever status the link chose: a plain, uncached 302. */
const PASSWORD_REDIRECT = { status: 302, cacheControl: NO_STORE } as const;

/**
 * 302 and 307 are never cached: the link may change where it leads, expire or be disabled. 301
 * and 308 carry the Cache-Control the link chose them with (link-cache.ts).
 */
const redirectHeaders = (location: string, cacheControl: string) => ({
  location,
  'cache-control': cacheControl,
  'content-length': '0',
});

export async function redirectRoutes(
  instance: FastifyInstance,
  options: {
    links: LinksService;
    clicks: ClicksService;
    orphanVisits: OrphanVisitsService;
    passwords: LinkPasswords;
    publicOrigin: PublicOrigin | null;
    databaseOutage: OutageLog;
    webDir: string | null;
    /** Visits by outcome and clicks recorded or lost (metrics). */
    counts: { redirects: RedirectCounts; clicks: ClickCounts };
  },
) {
  const app = instance.withTypeProvider<ZodRoutes>();
  const { links, clicks, passwords, publicOrigin, databaseOutage } = options;
  const { redirects: visits, clicks: clickCounts } = options.counts;
  const countError = async () => visits.error.inc();
  const stylesheets = appStylesheetsOf(options.webDir);

  // The password form posts as a browser form does; only this plugin's routes read such bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(String(body))),
  );

  /** A page instead of a redirect; never cached, since it changes when the link does. */
  function sendPage(reply: FastifyReply, status: number, page: LinkPage): FastifyReply {
    // These pages load only their own files. The password form posts to the link, whose answer
    // redirects to the destination, on any origin.
    return setPageHeaders(reply, [], page.passwordForm ? 'any-web-address' : 'self')
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderLinkPage(page, stylesheets));
  }

  // Each visit is counted by how it ends (the redirect itself counts in redirect()).
  function sendNotFound(reply: FastifyReply): FastifyReply {
    visits.notFound.inc();
    return reply.sendAppPage(404);
  }

  /**
   * A visit to an alias no link has, kept as an orphan visit (GET only, as clicks are); a failure
   * to store it is logged and the visitor still gets the 404 page.
   */
  async function sendOrphan(request: FastifyRequest, reply: FastifyReply, alias: string) {
    if (request.method === 'GET' && isLinkId(alias)) {
      const { at, referer, userAgent } = visitOf(request);
      try {
        await options.orphanVisits.record({ alias, at, referer, userAgent });
      } catch (error) {
        if (!noteDatabaseOutage(databaseOutage, error))
          request.log.error({ err: error }, 'recording an orphan visit failed');
      }
    }
    return sendNotFound(reply);
  }

  /**
   * A closed link's fallback: a plain 302 that counts no click, never cached, since the link may
   * open again (an administrator enables it, its owner moves the expiry).
   */
  function sendFallback(reply: FastifyReply, location: string): FastifyReply {
    reply.hijack();
    reply.raw.writeHead(302, redirectHeaders(location, NO_STORE));
    reply.raw.end();
    return reply;
  }

  function sendClosed(reply: FastifyReply, link: CachedLink, closed: Closed): FastifyReply {
    visits[closed.reason].inc();
    if (link.fallbackLocation) return sendFallback(reply, link.fallbackLocation);
    return sendPage(reply, closed.status, closed.page);
  }

  function sendLimitReached(reply: FastifyReply, link: CachedLink): FastifyReply {
    visits.limitReached.inc();
    if (link.fallbackLocation) return sendFallback(reply, link.fallbackLocation);
    return sendPage(reply, 410, LIMIT_REACHED_PAGE);
  }

  function sendPasswordPage(reply: FastifyReply, status: number, page: LinkPage): FastifyReply {
    visits.password.inc();
    return sendPage(reply, status, page);
  }

  /** Records a visit; false when the link's click limit is used up. */
  async function admitVisit(request: FastifyRequest, link: CachedLink, visit: Visit): Promise<boolean> {
    // A link with a limit records its click before redirecting or refuses; if the database is
    // away, the error answers 503 rather than letting visits past an unknown count.
    if (link.maxClicks !== null) {
      const isRecorded = (await clicks.recordClick(link, visit)) === 'recorded';
      if (isRecorded) clickCounts.recorded.inc();
      return isRecorded;
    }
    try {
      await clicks.recordClick(link, visit);
      clickCounts.recorded.inc();
    } catch (error) {
      // A lost click is better than a link that stops working: a link this instance knows
      // still redirects while the database is away (the outage is logged once, not per click).
      clickCounts.lost.inc();
      if (!noteDatabaseOutage(databaseOutage, error))
        request.log.error({ err: error }, 'recording a click failed');
    }
    return true;
  }

  /** A link preview's answer for a link with a social card (counted as a redirect: it leads on). */
  function sendCardPage(
    request: FastifyRequest,
    reply: FastifyReply,
    link: CachedLink,
    card: LinkCard,
  ): FastifyReply {
    visits.redirected.inc();
    const { apiBase } = linkContextOf(request, publicOrigin);
    const page = renderCardPage({ card, shortUrl: shortUrl(apiBase, link.id), location: link.location });
    return setPageHeaders(reply, [])
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page);
  }

  /**
   * The 302 is written straight to Node's response: the busiest answer Hookbay gives has no body,
   * cookie or hook to run, so Fastify's send pipeline would only add work.
   */
  function redirect(
    reply: FastifyReply,
    location: string,
    link: Pick<CachedLink, 'status' | 'cacheControl'>,
  ): FastifyReply {
    visits.redirected.inc();
    reply.hijack();
    reply.raw.writeHead(link.status, redirectHeaders(location, link.cacheControl));
    reply.raw.end();
    return reply;
  }

  /**
   * Where this visit goes, by the link's targeting rules, split and query forwarding. Waits only
   * for a sticky split, which needs the visitor hash (the day's salt may have to be read).
   */
  function targetOf(
    request: FastifyRequest,
    link: CachedLink,
    visit: Visit,
  ): Destination | Promise<Destination> {
    const facts = {
      rawUrl: request.url,
      userAgent: visit.userAgent,
      acceptLanguage: request.headers['accept-language'],
      locate: () => clicks.locate(visit.ip),
      ip: visit.ip,
      at: visit.at,
    };
    if (!link.hasStickySplit) return destinationOf(link, { ...facts, visitorHash: null });
    return clicks
      .visitorHashOf(link, visit)
      .then((visitorHash) => destinationOf(link, { ...facts, visitorHash }));
  }

  // HEAD is declared with GET so that Fastify does not add its own HEAD route, which would run
  // this handler as a GET and record the click; link checkers and previews send HEAD.
  app.route<IdParams>({
    method: ['GET', 'HEAD'],
    url: '/s/:id',
    // A redirect has no page to protect; the security headers would only slow every click.
    config: { securityHeaders: false },
    onError: countError,
    schema: followSchema,
    handler: async (request, reply) => {
      const link = await links.resolve(request.params.id);
      if (!link) return sendOrphan(request, reply, request.params.id);
      const closed = closedPageOf(link, Date.now());
      if (closed) return sendClosed(reply, link, closed);
      // Nothing is counted until the right password is entered.
      const visit = visitOf(request);
      if (link.passwordHash !== null) {
        const query = link.forwardQuery ? queryOf(request.url) : '';
        return sendPasswordPage(reply, 200, passwordPage(link.id, null, visit.referer, query));
      }
      // Most links have no rules or split and most visits no query: one test, and the link's own Location.
      const targeted = needsTargeting(link, request.url) ? targetOf(request, link, visit) : null;
      const target = targeted instanceof Promise ? await targeted : targeted;
      // HEAD records nothing but answers as GET would.
      const isAdmitted =
        request.method === 'GET'
          ? await admitVisit(request, link, visitTo(visit, target))
          : !(await clicks.isAtLimit(link));
      if (!isAdmitted) return sendLimitReached(reply, link);
      if (link.card && isLinkPreviewAgent(visit.userAgent))
        return sendCardPage(request, reply, link, link.card);
      return redirect(reply, target?.location ?? link.location, link);
    },
  });

  app.post<IdParams>(
    '/s/:id',
    { config: { securityHeaders: false }, onError: countError, schema: passwordSchema },
    async (request, reply) => {
      const link = await links.resolve(request.params.id);
      if (!link) return sendNotFound(reply);
      const closed = closedPageOf(link, Date.now());
      if (closed) return sendClosed(reply, link, closed);
      // The password was removed meanwhile: the link opens as any other (and is counted there).
      if (link.passwordHash === null) {
        const query = queryOf(request.url);
        return reply.redirect(`/s/${encodeURIComponent(link.id)}${query ? `?${query}` : ''}`, 303);
      }
      // The form's own page is not where the visitor came from; the form carries the earlier referer.
      const referer = formField(request.body, 'referer').slice(0, HEADER_MAX_LENGTH) || null;
      const visit = { ...visitOf(request), referer };
      const outcome = await passwords.check(request, link.passwordHash, formField(request.body, 'password'));
      if (outcome === 'wrong') {
        return sendPasswordPage(
          reply,
          401,
          passwordPage(link.id, 'Wrong password. Please try again.', referer, queryOf(request.url)),
        );
      }
      if (outcome !== 'right') {
        const minutes = Math.ceil(outcome.retryAfterS / 60);
        reply.header('retry-after', String(outcome.retryAfterS));
        return sendPasswordPage(reply, 429, {
          title: 'Too many wrong passwords',
          message: `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
        });
      }
      const target = await targetOf(request, link, visit);
      if (!(await admitVisit(request, link, visitTo(visit, target)))) return sendLimitReached(reply, link);
      // The form was a POST: 307 and 308 would post the password on to the destination.
      return redirect(reply, target.location, PASSWORD_REDIRECT);
    },
  );
}
