/**
 * The "Redirect and fallback" part of the Add and Edit URL forms as pure functions: the draft the
 * inputs hold and the body fields sent. On edit only what changed is sent; a cleared field sends null.
 */
import { DEFAULT_REDIRECT_STATUS, type RedirectStatus } from '../../../../shared/link-routing';
import type { ShortUrl } from '../../../../shared/links';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';

export interface RoutingDraft {
  redirectStatus: RedirectStatus;
  fallbackUrl: string;
  /** A datetime-local value or ''. */
  startsAt: string;
}

export interface RoutingBody {
  redirectStatus?: RedirectStatus;
  fallbackUrl?: string | null;
  startsAt?: string | null;
}

export function routingDraftOf(link: ShortUrl | null): RoutingDraft {
  return {
    redirectStatus: link?.redirectStatus ?? DEFAULT_REDIRECT_STATUS,
    fallbackUrl: link?.fallbackUrl ?? '',
    startsAt: toLocalInput(link?.startsAt ?? null),
  };
}

/** True when the link has any of these options, so the form opens them. */
export function hasRouting(link: ShortUrl | null): boolean {
  return Boolean(
    link && (link.redirectStatus !== DEFAULT_REDIRECT_STATUS || link.fallbackUrl || link.startsAt),
  );
}

/** The fields to send: those set when adding (`initial` null), the changes when editing. */
export function routingBodyOf(draft: RoutingDraft, initial: ShortUrl | null): RoutingBody {
  const start = routingDraftOf(initial);
  const body: RoutingBody = {};
  if (draft.redirectStatus !== start.redirectStatus) body.redirectStatus = draft.redirectStatus;
  const fallback = draft.fallbackUrl.trim();
  if (fallback !== start.fallbackUrl) {
    if (fallback) body.fallbackUrl = fallback;
    else if (initial) body.fallbackUrl = null;
  }
  if (draft.startsAt !== start.startsAt) {
    if (draft.startsAt) body.startsAt = fromLocalInput(draft.startsAt);
    else if (initial) body.startsAt = null;
  }
  return body;
}
