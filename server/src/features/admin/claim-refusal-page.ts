/**
 * The page a refused admin link answers with, in the short-link pages' look. A browser keeps one
 * Hookbay session per address, so the usual refusal (a link printed for http://localhost:3000
 * opened where Hookbay runs as http://127.0.0.1:3000) says so and offers the link at the other name.
 */
import type { LinkPage } from '../short-links/link-page.js';
import { claimUrlOn, loopbackAlternative } from './admin-token.js';
import type { ClaimRefusedError } from './admin.service.js';

const FOOTER = 'Admin link by Hookbay';
const ADDRESS_EXAMPLE = 'for example http://127.0.0.1:3000 rather than http://localhost:3000';

export interface ClaimVisit {
  /** The origin the browser opened the link at, e.g. http://localhost:3000. */
  origin: string;
  token: string;
  /** Whether this browser holds a Hookbay session at this origin at all. */
  hasSession: boolean;
}

function wrongBrowserPage({ origin, token, hasSession }: ClaimVisit): LinkPage {
  const alternative = loopbackAlternative(origin);
  const example = alternative ? `for example ${alternative} rather than ${origin}` : ADDRESS_EXAMPLE;
  const found = hasSession
    ? `This browser uses another Hookbay session at ${origin}.`
    : `This browser has no Hookbay session at ${origin}.`;
  return {
    title: 'Open this link where you use Hookbay',
    message:
      `Open this link in the browser where you use Hookbay, at the same address (${example}): ` +
      `a browser keeps a separate session for each address. ${found} ` +
      'The link keeps working until it is used or expires.',
    action: alternative
      ? { href: claimUrlOn(alternative, token), label: `Open it at ${alternative}` }
      : undefined,
    footer: FOOTER,
  };
}

export function claimRefusalPage(error: ClaimRefusedError, visit: ClaimVisit): LinkPage {
  if (error.reason === 'wrong-browser') return wrongBrowserPage(visit);
  return { title: 'This admin link cannot be used', message: error.message, footer: FOOTER };
}
