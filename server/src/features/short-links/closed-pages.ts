/** The pages a short link answers with when it no longer (or not yet) leads anywhere, and why. */
import type { CachedLink } from './link-cache.js';
import { expiryText, type LinkPage } from './link-page.js';

export const LIMIT_REACHED_PAGE: LinkPage = {
  title: 'This link reached its visit limit',
  message: 'Its owner allowed a set number of visits, and they have all been used.',
};

export interface Closed {
  reason: 'disabled' | 'expired' | 'notStarted';
  status: 404 | 410;
  page: LinkPage;
}

/**
 * The page a link answers with instead of redirecting, when it no longer (or not yet) leads
 * anywhere, and why.
 */
export function closedPageOf(link: CachedLink, now: number): Closed | null {
  if (link.isDisabled) {
    return {
      reason: 'disabled',
      status: 410,
      page: {
        title: 'This link was disabled',
        message: 'An administrator of this site turned this short link off.',
      },
    };
  }
  if (link.expiresAt !== null && link.expiresAt <= now) {
    return {
      reason: 'expired',
      status: 410,
      page: {
        title: `This link expired on ${expiryText(link.expiresAt)}`,
        message: 'Its owner set it to stop working after that date.',
      },
    };
  }
  if (link.startsAt != null && link.startsAt > now) {
    return {
      reason: 'notStarted',
      status: 404,
      page: {
        title: 'This link is not active yet',
        message: `Its owner set it to start working on ${expiryText(link.startsAt)}.`,
      },
    };
  }
  return null;
}
