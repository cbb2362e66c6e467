/** A short link as the store keeps it and as the redirect reads it. */
import type { LinkCard } from '../../../../shared/link-card.js';
import type { RedirectStatus } from '../../../../shared/link-routing.js';
import type { LinkSplit } from '../../../../shared/link-splits.js';
import type { TargetingRule } from '../../../../shared/link-targeting.js';

/** A link's options as stored; the password only as its hash. */
export interface StoredLinkOptions {
  isAlias: boolean;
  /** Epoch ms. */
  expiresAt: number | null;
  maxClicks: number | null;
  passwordHash: string | null;
  /** The visit's query string goes on to the destination. */
  forwardQuery: boolean;
  /** Targeting rules in order; empty for none. */
  rules: TargetingRule[];
  /** The owner's own id for the link, unique in the session. */
  externalId: string | null;
  /** The owner's note. */
  note: string | null;
  card: LinkCard | null;
  /** null answers 302, so that links left as they were compare equal in their history. */
  redirectStatus: RedirectStatus | null;
  fallbackUrl: string | null;
  /** Epoch ms. */
  startsAt: number | null;
  /** The A/B split of visits no rule takes; null for none. */
  split: LinkSplit | null;
}

export interface StoredLink extends StoredLinkOptions {
  id: string;
  ownerSessionId: string;
  url: string;
  /** People's clicks. */
  clicks: number;
  createdAt: number;
  /** Epoch ms when an admin disabled it. */
  disabledAt: number | null;
  /** Lower-cased, alphabetically. */
  tags: string[];
}

/** What the redirect needs: where to send the visitor, whom to tell, and what may stop the visit. */
export interface LinkTarget {
  id: string;
  url: string;
  ownerSessionId: string;
  ownerUserId: string;
  expiresAt: number | null;
  maxClicks: number | null;
  passwordHash: string | null;
  isDisabled: boolean;
  forwardQuery: boolean;
  rules: TargetingRule[];
  /** The social card link previews get; absent or null: they are redirected as people are. */
  card?: LinkCard | null;
  /** Absent: 302. */
  redirectStatus?: RedirectStatus;
  /** Where a closed or not yet active link sends visitors; absent or null: its page. */
  fallbackUrl?: string | null;
  /** Epoch ms; absent or null: active at once. */
  startsAt?: number | null;
  /** Absent or null: no split. */
  split?: LinkSplit | null;
}
