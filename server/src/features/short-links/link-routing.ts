/**
 * A link's redirect status, fallback URL and start time: checked on the way in (each refusal
 * naming its field) and stored as the repo keeps them.
 */
import {
  START_AFTER_EXPIRY_MESSAGE,
  type linkRoutingUpdateShape,
  type RedirectStatus,
} from '../../../../shared/link-routing.js';
import type { z } from 'zod';
import { InvalidInputError } from '../../http/errors.js';
import type { StoredLinkOptions } from './stored-link.js';
import { checkLongUrl } from './url-rules.js';

type RoutingFields = {
  [Field in keyof typeof linkRoutingUpdateShape]?: z.output<(typeof linkRoutingUpdateShape)[Field]>;
};

type RoutingOptions = Pick<StoredLinkOptions, 'redirectStatus' | 'fallbackUrl' | 'startsAt'>;

/** The destination's rules, for the fallback too; refusals name `fallbackUrl`. */
function checkedFallback(url: string, ownHostnames: string[], blockedHosts: readonly string[]): string {
  try {
    return checkLongUrl(url, ownHostnames, blockedHosts);
  } catch (error) {
    if (error instanceof InvalidInputError) throw new InvalidInputError(`fallbackUrl: ${error.message}`);
    throw error;
  }
}

/**
 * The routing options a body sets, absent ones left out (undefined); null clears. 302 is stored as
 * null, the way a link that never chose a status is. InvalidInputError for a refused fallback, or a
 * start at or after the expiry sent beside it.
 */
export function routingOptionsOf(
  body: RoutingFields & { expiresAt?: string | null },
  ownHostnames: string[],
  blockedHosts: readonly string[],
): Partial<RoutingOptions> {
  const startsAt = body.startsAt == null ? body.startsAt : Date.parse(body.startsAt);
  const expiresAt = body.expiresAt == null ? null : Date.parse(body.expiresAt);
  if (typeof startsAt === 'number' && expiresAt !== null && startsAt >= expiresAt) {
    throw new InvalidInputError(`startsAt: ${START_AFTER_EXPIRY_MESSAGE}`);
  }
  const status: RedirectStatus | null | undefined = body.redirectStatus;
  const { fallbackUrl } = body;
  return {
    ...(status !== undefined && { redirectStatus: status === 302 ? null : status }),
    ...(fallbackUrl !== undefined && {
      fallbackUrl: fallbackUrl === null ? null : checkedFallback(fallbackUrl, ownHostnames, blockedHosts),
    }),
    ...(startsAt !== undefined && { startsAt }),
  };
}

/** The routing options of a new link: what the body sets, the rest as links always were. */
export function newRoutingOptions(
  body: RoutingFields & { expiresAt?: string | null },
  ownHostnames: string[],
  blockedHosts: readonly string[],
): RoutingOptions {
  return {
    redirectStatus: null,
    fallbackUrl: null,
    startsAt: null,
    ...routingOptionsOf(body, ownHostnames, blockedHosts),
  };
}
