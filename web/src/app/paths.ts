/** Every path of the single-page app, in one place. */
export const paths = {
  home: '/',
  webhook: '/webhook',
  /** The inspector with one request selected (a report's evidence). */
  webhookEvent: (eventId: number) => `/webhook?event=${eventId}`,
  /** A read-only share link's page (the server answers it 410 once revoked or expired). */
  sharedPattern: '/shared/:token',
  /** An analytics link's page (410 once revoked or expired). */
  sharedLinkPattern: '/shared/links/:token',
  conformance: (runId: number) => `/conformance/${runId}`,
  conformancePattern: '/conformance/:runId',
  urlShortener: '/url-shortener',
  urlShortenerAlias: '/urlshortener',
  urlAnalytics: (urlId: string) => `/url-shortener/analytics/${encodeURIComponent(urlId)}`,
  urlAnalyticsPattern: '/url-shortener/analytics/:urlId',
  cronScheduler: '/cron-scheduler',
  requestParser: '/request-parser',
  suggestions: '/suggestions',
  admin: '/admin',
  adminPattern: '/admin/*',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
} as const;

export const PRODUCT_NAME = 'Webhook Inspector';
export const TOOLKIT_NAME = 'Hookbay';
