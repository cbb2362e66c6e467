/**
 * The "More options" part of the Add and Edit URL forms as pure functions: the draft the inputs
 * hold, and the body fields sent. On edit only what changed is sent; a cleared field sends null.
 */
import type { LinkCard } from '../../../../shared/link-card';
import type { RedirectStatus } from '../../../../shared/link-routing';
import type { ShortUrl } from '../../../../shared/links';
import type { SplitBody } from './splits/split-form';
import type { TargetingBody } from './targeting/targeting-form';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';

export interface OptionsDraft {
  alias: string;
  /** A datetime-local value (local time, YYYY-MM-DDTHH:mm) or ''. */
  expiresAt: string;
  maxClicks: string;
  password: string;
  removePassword: boolean;
}

/** The option fields sent, with the targeting ones (query forwarding, rules) and the split beside them. */
export interface OptionsBody extends TargetingBody, SplitBody {
  alias?: string;
  expiresAt?: string | null;
  /** Text only when what was typed is not a number, for the server to refuse in words. */
  maxClicks?: number | string | null;
  password?: string | null;
  /** Tags and note (link-details.ts) travel in the same body. */
  tags?: string[];
  note?: string | null;
  /** The social card (link-card-form.ts); null removes it. */
  card?: LinkCard | null;
  /** Redirect status, fallback and start (link-routing-form.ts). */
  redirectStatus?: RedirectStatus;
  fallbackUrl?: string | null;
  startsAt?: string | null;
}

/** The inputs' starting values: empty when adding, the link's options when editing. */
export function draftOf(link: ShortUrl | null): OptionsDraft {
  return {
    alias: link?.alias ?? '',
    expiresAt: toLocalInput(link?.expiresAt ?? null),
    maxClicks: link?.maxClicks ? String(link.maxClicks) : '',
    password: '',
    removePassword: false,
  };
}

/**
 * A typed click limit as the server gets it: a number (the server judges its range and explains
 * what it refuses), or the text itself when it is no number at all (NaN would travel as null,
 * which means "no limit").
 */
function clickLimitOf(text: string): number | string {
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
}

/** True when the link being edited (or a new one) would get any option. */
export function hasOptions(link: ShortUrl | null): boolean {
  return Boolean(link && (link.alias || link.expiresAt || link.maxClicks || link.hasPassword));
}

/** The option fields to send: all that are set when adding (`initial` null), the changes when editing. */
export function optionsBodyOf(draft: OptionsDraft, initial: ShortUrl | null): OptionsBody {
  const body: OptionsBody = {};
  const start = draftOf(initial);
  const alias = draft.alias.trim();
  if (alias && alias !== initial?.id) body.alias = alias;

  if (draft.expiresAt !== start.expiresAt) {
    if (draft.expiresAt) body.expiresAt = fromLocalInput(draft.expiresAt);
    else if (initial) body.expiresAt = null;
  }

  const limit = draft.maxClicks.trim();
  if (limit !== start.maxClicks) {
    if (limit) body.maxClicks = clickLimitOf(limit);
    else if (initial) body.maxClicks = null;
  }

  if (initial?.hasPassword && draft.removePassword) body.password = null;
  else if (draft.password) body.password = draft.password;
  return body;
}
