/** Factories and real user agents for the short-link tests. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LinkCreateBody } from '../../../../shared/link-targeting.js';
import type { ShortUrl, UrlAnalytics } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { asUser } from '../../../test/factories.js';

export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const FIREFOX_LINUX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
export const SAFARI_IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const SLACKBOT_UA = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
export const FACEBOOK_UA = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

/**
 * Shortens a URL through the API, with `options` (alias, expiry, click limit, password, targeting) in the body;
 * fails the test on anything but 201.
 */
export async function createLink(
  app: FastifyInstance,
  user: SessionUser,
  url = 'https://example.com/some/long/page',
  options: Omit<LinkCreateBody, 'url'> = {},
): Promise<ShortUrl> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/urls',
    headers: asUser(user),
    payload: { url, ...options },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<ShortUrl>();
}

export interface VisitOptions {
  userAgent?: string | null;
  referer?: string;
  remoteAddress?: string;
  method?: 'GET' | 'HEAD';
}

/** Opens a short link as a visitor would; a desktop Chrome by default. */
export function visit(
  app: FastifyInstance,
  id: string,
  options: VisitOptions = {},
): Promise<LightMyRequestResponse> {
  const { userAgent = CHROME_UA, referer, remoteAddress = '8.8.8.8', method = 'GET' } = options;
  const headers: Record<string, string> = {};
  // light-my-request sends its own user agent unless one is given; an empty one stands for none.
  headers['user-agent'] = userAgent ?? '';
  if (referer) headers.referer = referer;
  return app.inject({ method, url: `/s/${id}`, headers, remoteAddress });
}

export async function readAnalytics(
  app: FastifyInstance,
  user: SessionUser,
  id: string,
): Promise<UrlAnalytics> {
  const response = await app.inject({ method: 'GET', url: `/s/${id}/analytics`, headers: asUser(user) });
  if (response.statusCode !== 200)
    throw new Error(`analytics failed: ${response.statusCode} ${response.body}`);
  return response.json<UrlAnalytics>();
}

export async function listLinks(app: FastifyInstance, user: SessionUser): Promise<ShortUrl[]> {
  const response = await app.inject({ method: 'GET', url: '/api/urls', headers: asUser(user) });
  return response.json<ShortUrl[]>();
}
