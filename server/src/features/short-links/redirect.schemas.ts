/** How the redirect's routes describe themselves in the OpenAPI document (redirect.routes.ts uses them). */
import { media, noBody } from '../../http/openapi/responses.js';

const SHORT_LINKS = { tags: ['Short links'] };

const CLOSED_PAGE = media('text/html', 'Expired, used up or disabled: an HTML page saying which.');

export const followSchema = {
  ...SHORT_LINKS,
  summary: 'Follow a short link',
  description:
    'Redirects (302, or the 301, 307 or 308 the link chose) to the stored URL and counts the click; ' +
    'HEAD redirects without counting. An expired, used-up, disabled or not yet active link with a ' +
    'fallback URL redirects there (302, no click counted) instead of its page. A link ' +
    'with a password shows a form first; link previews (Slackbot, Twitterbot, …) of a link with a ' +
    'social card get a page of Open Graph and Twitter card tags instead (200). The visit’s query string ' +
    'goes on to the destination unless the link says otherwise; targeting rules may pick another one, and ' +
    'a split picks one of its variants by weight for visits no rule takes.',
  response: {
    200: media(
      'text/html',
      'The password form of a protected link, or the social card page of a link preview.',
    ),
    301: noBody('To the stored URL, for a link that chose 301 (cached by browsers).'),
    302: noBody('To the stored URL, or to the fallback URL of a closed link.'),
    307: noBody('To the stored URL, for a link that chose 307.'),
    308: noBody('To the stored URL, for a link that chose 308 (cached by browsers).'),
    404: media('text/html', 'No such link, or not active yet: an HTML page.'),
    410: CLOSED_PAGE,
  },
};

export const passwordSchema = {
  ...SHORT_LINKS,
  summary: 'Open a password-protected short link',
  description:
    'The form of the password page: `password` (and `referer`), sent as ' +
    '`application/x-www-form-urlencoded`. Ten wrong tries per link and IP in ten minutes.',
  response: {
    302: noBody('The right password: to the stored URL, and the click counted.'),
    401: media('text/html', 'A wrong password: the form again.'),
    404: media('text/html', 'No such link: an HTML page.'),
    410: CLOSED_PAGE,
    429: media('text/html', 'Too many wrong passwords; see Retry-After.'),
  },
};
