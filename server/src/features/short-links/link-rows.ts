/** Short links' rows turned into the objects the repo hands out, and options into columns. */
import type { Selectable } from 'kysely';
import { cardOf } from '../../../../shared/link-card.js';
import { REDIRECT_STATUSES, type RedirectStatus } from '../../../../shared/link-routing.js';
import type { ShortLinksTable } from '../../db/schema.js';
import { splitFromStored, storedSplitOf } from '../link-splits/splits.js';
import { rulesFromStored, storedRulesOf } from '../link-targeting/targeting.js';
import type { LinkTarget, StoredLink, StoredLinkOptions } from './stored-link.js';

/** A stored status as links carry it; null (and anything unknown) is 302. */
function redirectStatusOf(value: number | null): RedirectStatus | null {
  const status = REDIRECT_STATUSES.find((known) => known === Number(value));
  return status === undefined || status === 302 ? null : status;
}

const epochOrNull = (value: number | null) => (value === null ? null : Number(value));

export function toStoredLink(row: Selectable<ShortLinksTable>, tags: string[] = []): StoredLink {
  return {
    id: row.id,
    ownerSessionId: row.owner_session_id,
    url: row.url,
    clicks: Number(row.clicks),
    createdAt: Number(row.created_at),
    isAlias: row.is_alias === 1,
    expiresAt: epochOrNull(row.expires_at),
    maxClicks: epochOrNull(row.max_clicks),
    passwordHash: row.password_hash,
    disabledAt: epochOrNull(row.disabled_at),
    forwardQuery: row.forward_query !== 0,
    rules: rulesFromStored(row.targeting_rules),
    externalId: row.external_id,
    note: row.note,
    tags,
    card: cardOf(row.card_title, row.card_description, row.card_image),
    redirectStatus: redirectStatusOf(row.redirect_status),
    fallbackUrl: row.fallback_url,
    startsAt: epochOrNull(row.starts_at),
    split: splitFromStored(row.split),
  };
}

/** The columns `findTarget` reads, with the owner's user id. */
type TargetRow = Pick<
  Selectable<ShortLinksTable>,
  | 'id'
  | 'url'
  | 'owner_session_id'
  | 'expires_at'
  | 'max_clicks'
  | 'password_hash'
  | 'disabled_at'
  | 'forward_query'
  | 'targeting_rules'
  | 'card_title'
  | 'card_description'
  | 'card_image'
  | 'redirect_status'
  | 'fallback_url'
  | 'starts_at'
  | 'split'
> & { user_id: string };

export function toLinkTarget(row: TargetRow): LinkTarget {
  return {
    id: row.id,
    url: row.url,
    ownerSessionId: row.owner_session_id,
    ownerUserId: row.user_id,
    expiresAt: epochOrNull(row.expires_at),
    maxClicks: epochOrNull(row.max_clicks),
    passwordHash: row.password_hash,
    isDisabled: row.disabled_at !== null,
    forwardQuery: row.forward_query !== 0,
    rules: rulesFromStored(row.targeting_rules),
    card: cardOf(row.card_title, row.card_description, row.card_image),
    redirectStatus: redirectStatusOf(row.redirect_status) ?? 302,
    fallbackUrl: row.fallback_url,
    startsAt: epochOrNull(row.starts_at),
    split: splitFromStored(row.split),
  };
}

/** The option columns that the change sets; absent options are left out. */
export function optionColumns(options: Partial<StoredLinkOptions>) {
  return {
    ...(options.isAlias !== undefined && { is_alias: options.isAlias ? 1 : 0 }),
    ...(options.expiresAt !== undefined && { expires_at: options.expiresAt }),
    ...(options.maxClicks !== undefined && { max_clicks: options.maxClicks }),
    ...(options.passwordHash !== undefined && { password_hash: options.passwordHash }),
    ...(options.forwardQuery !== undefined && { forward_query: options.forwardQuery ? 1 : 0 }),
    ...(options.rules !== undefined && { targeting_rules: storedRulesOf(options.rules) }),
    ...(options.externalId !== undefined && { external_id: options.externalId }),
    ...(options.note !== undefined && { note: options.note }),
    ...(options.card !== undefined && {
      card_title: options.card?.title ?? null,
      card_description: options.card?.description ?? null,
      card_image: options.card?.image ?? null,
    }),
    ...(options.redirectStatus !== undefined && {
      redirect_status: options.redirectStatus === 302 ? null : options.redirectStatus,
    }),
    ...(options.fallbackUrl !== undefined && { fallback_url: options.fallbackUrl }),
    ...(options.startsAt !== undefined && { starts_at: options.startsAt }),
    ...(options.split !== undefined && { split: storedSplitOf(options.split) }),
  };
}
