/**
 * The "Social card" part of the Add and Edit URL forms as pure functions: the draft the inputs
 * hold and the `card` field sent. On edit it is sent only when it changed; an emptied card sends null.
 */
import type { LinkCard } from '../../../../shared/link-card';
import type { ShortUrl } from '../../../../shared/links';

export interface CardDraft {
  title: string;
  description: string;
  image: string;
}

/** The inputs' starting values: empty when adding, the link's card when editing. */
export function cardDraftOf(link: ShortUrl | null): CardDraft {
  return {
    title: link?.card?.title ?? '',
    description: link?.card?.description ?? '',
    image: link?.card?.image ?? '',
  };
}

/** The card the draft describes, trimmed; null when every field is empty. */
export function cardOfDraft(draft: CardDraft): LinkCard | null {
  const card = {
    title: draft.title.trim() || null,
    description: draft.description.trim() || null,
    image: draft.image.trim() || null,
  };
  return card.title || card.description || card.image ? card : null;
}

function isSameCard(a: LinkCard | null, b: LinkCard | null): boolean {
  if (a === null || b === null) return a === b;
  return a.title === b.title && a.description === b.description && a.image === b.image;
}

/** `{card}` to send: when adding, a card that has something; when editing, only a changed one. */
export function cardBodyOf(draft: CardDraft, initial: ShortUrl | null): { card?: LinkCard | null } {
  const card = cardOfDraft(draft);
  if (!initial) return card ? { card } : {};
  return isSameCard(card, initial.card ?? null) ? {} : { card };
}

/** The host name of an address, or '' when it is none. */
export function hostOf(address: string): string {
  try {
    return new URL(address).hostname;
  } catch {
    return '';
  }
}
