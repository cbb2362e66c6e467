/**
 * A short link's social card: what chat apps and social sites show when the link is shared.
 * Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';

/** Each part is optional; a card with none of them is no card. */
export interface LinkCard {
  title: string | null;
  description: string | null;
  /** An http(s) address of the picture. */
  image: string | null;
}

export const CARD_TITLE_MAX_LENGTH = 120;
export const CARD_DESCRIPTION_MAX_LENGTH = 300;
export const CARD_IMAGE_MAX_LENGTH = 2048;

export const CARD_TITLE_MESSAGE = `The card title can be at most ${CARD_TITLE_MAX_LENGTH} characters.`;
export const CARD_DESCRIPTION_MESSAGE = `The card description can be at most ${CARD_DESCRIPTION_MAX_LENGTH} characters.`;
export const CARD_IMAGE_MESSAGE = 'The card image must be a web address starting with http:// or https://.';
export const CARD_IMAGE_TOO_LONG_MESSAGE = `The card image address can be at most ${CARD_IMAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`;

/** True for an absolute http:// or https:// address with a host. */
export function isCardImageUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Text trimmed; '' and null alike mean "not set". */
function optionalText(message: string, maxLength: number) {
  return z
    .string({ error: message })
    .trim()
    .max(maxLength, message)
    .nullish()
    .transform((value) => value || null);
}

const imageSchema = z
  .string({ error: CARD_IMAGE_MESSAGE })
  .trim()
  .max(CARD_IMAGE_MAX_LENGTH, CARD_IMAGE_TOO_LONG_MESSAGE)
  .refine((value) => value === '' || isCardImageUrl(value), CARD_IMAGE_MESSAGE)
  .nullish()
  .transform((value) => value || null);

/** `card` of create and edit: `{title, description, image}`, each optional; null or an empty card removes it. */
export const linkCardSchema = z
  .object(
    {
      title: optionalText(CARD_TITLE_MESSAGE, CARD_TITLE_MAX_LENGTH),
      description: optionalText(CARD_DESCRIPTION_MESSAGE, CARD_DESCRIPTION_MAX_LENGTH),
      image: imageSchema,
    },
    {
      error: 'card must be an object like {"title": "…", "description": "…", "image": "https://…"} or null.',
    },
  )
  .transform((card): LinkCard | null => (card.title || card.description || card.image ? card : null));

/** The card of stored parts; null when none is set. */
export function cardOf(
  title: string | null,
  description: string | null,
  image: string | null,
): LinkCard | null {
  return title || description || image ? { title, description, image } : null;
}
