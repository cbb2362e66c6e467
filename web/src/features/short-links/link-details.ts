/**
 * Tags and note of the Add and Edit URL forms as pure functions: tags are typed as one line,
 * separated by commas, and read with the server's rules (trimmed, lower-cased, each once). On
 * edit only what changed is sent; a cleared note sends null.
 */
import { MAX_TAGS, normalizeTag, uniqueTags } from '../../../../shared/link-tags';
import type { ShortUrl } from '../../../../shared/links';

export interface DetailsDraft {
  /** Tags separated by commas, as typed. */
  tags: string;
  note: string;
}

export interface DetailsBody {
  tags?: string[];
  note?: string | null;
}

/** What the tag line holds: the tags it makes, and the pieces that are no tag (too long). */
export interface ParsedTags {
  tags: string[];
  invalid: string[];
}

export function parseTags(text: string): ParsedTags {
  const tags: string[] = [];
  const invalid: string[] = [];
  for (const piece of text.split(',')) {
    if (piece.trim() === '') continue;
    const tag = normalizeTag(piece);
    if (tag === null) invalid.push(piece.trim());
    else tags.push(tag);
  }
  return { tags: uniqueTags(tags), invalid };
}

/** True when the tag line can be sent: every piece a tag and at most MAX_TAGS of them. */
export function areTagsValid(parsed: ParsedTags): boolean {
  return parsed.invalid.length === 0 && parsed.tags.length <= MAX_TAGS;
}

export function detailsDraftOf(link: ShortUrl | null): DetailsDraft {
  return { tags: link?.tags.join(', ') ?? '', note: link?.note ?? '' };
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag) => b.includes(tag));
}

/** The fields to send: the tags and note set when adding (`initial` null), the changes when editing. */
export function detailsBodyOf(draft: DetailsDraft, initial: ShortUrl | null): DetailsBody {
  const body: DetailsBody = {};
  const { tags } = parseTags(draft.tags);
  if (initial ? !sameTags(tags, initial.tags) : tags.length > 0) body.tags = tags;
  const note = draft.note.trim();
  if (note !== (initial?.note ?? '')) {
    if (note) body.note = note;
    else if (initial) body.note = null;
  }
  return body;
}
