/**
 * Tags and a note on short links: the rules the form and the server share, and the tag analytics
 * as the API carries them. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import type { AnalyticsPeriod, DayCount } from './analytics-periods.js';

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 32;
export const MAX_NOTE_LENGTH = 500;

export const TAG_RULE_MESSAGE = `A tag is 1 to ${MAX_TAG_LENGTH} characters, without commas, e.g. "launch".`;
export const TOO_MANY_TAGS_MESSAGE = `A link can have at most ${MAX_TAGS} tags.`;
export const NOTE_RULE_MESSAGE = `The note can be at most ${MAX_NOTE_LENGTH} characters.`;

// Commas separate tags in the form; control characters would not show.
// eslint-disable-next-line no-control-regex
const TAG_FORBIDDEN = /[,\u0000-\u001f\u007f]/;

/**
 * A tag as stored: trimmed and lower-cased, so "Launch" and "launch " are one tag. Returns null
 * when nothing, or something not allowed, is left.
 */
export function normalizeTag(value: string): string | null {
  const tag = value.trim().toLowerCase();
  if (tag.length === 0 || tag.length > MAX_TAG_LENGTH || TAG_FORBIDDEN.test(tag)) return null;
  return tag;
}

/**
 * The order tags are listed in: by code units, the same on every store (a database's collation
 * would put punctuation elsewhere).
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Each tag once, in the order first given. */
export function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

const tagSchema = z
  .string({ error: TAG_RULE_MESSAGE })
  .trim()
  .min(1, TAG_RULE_MESSAGE)
  .max(MAX_TAG_LENGTH, TAG_RULE_MESSAGE)
  .refine((tag) => !TAG_FORBIDDEN.test(tag), TAG_RULE_MESSAGE)
  .transform((tag) => tag.toLowerCase());

/** The tags of a link: at most MAX_TAGS once duplicates (in any case) are merged. */
export const tagsSchema = z
  .array(tagSchema, { error: 'tags must be a list of words, e.g. ["launch", "newsletter"].' })
  .transform(uniqueTags)
  .refine((tags) => tags.length <= MAX_TAGS, TOO_MANY_TAGS_MESSAGE);

/** A link's note; blank text stands for no note. */
export const noteSchema = z
  .string({ error: 'The note must be text.' })
  .trim()
  .max(MAX_NOTE_LENGTH, NOTE_RULE_MESSAGE)
  .transform((note) => (note === '' ? null : note));

/** Tags and note as every link carries them. */
export interface LinkDetails {
  /** Lower-cased, each once, alphabetically. */
  tags: string[];
  /** The owner's note, up to 500 characters. */
  note: string | null;
}

/** The fields of a create body: null stands for none, as an absent field does. */
export const linkDetailsBodyShape = { tags: tagsSchema.nullish(), note: noteSchema.nullish() };

/** The fields of an edit body: absent stays as it is; null (or []) removes the tags, null the note. */
export const linkDetailsUpdateShape = {
  tags: tagsSchema.nullable().optional(),
  note: noteSchema.nullable().optional(),
};

/** The query of `GET /api/urls`: `tag` keeps the links that carry it. */
export const urlListQuerySchema = z.object({
  tag: z.string({ error: 'tag must be one tag, e.g. ?tag=launch.' }).optional(),
});

/** `GET /api/tags/{tag}/analytics?period=…`. */
export const tagAnalyticsParamsSchema = z.object({ tag: z.string() });

/** One of the session's tags and how many of its links carry it. */
export interface TagCount {
  tag: string;
  links: number;
}

/** The totals of every link of the session that carries the tag. */
export interface TagAnalytics {
  tag: string;
  /** Links carrying the tag. */
  links: number;
  /** People's clicks of all time, the sum of those links' click counts. */
  totalClicks: number;
  /** Distinct IP addresses among people's clicks in the period, across the links. */
  uniqueVisitors: number;
  /** People's clicks per UTC day in the period, oldest first. */
  byDay: DayCount[];
  period: AnalyticsPeriod;
}

/** Where the owner reads a tag's analytics. */
export function tagAnalyticsPath(tag: string, period: AnalyticsPeriod = 'all'): string {
  const query = period === 'all' ? '' : `?period=${period}`;
  return `/api/tags/${encodeURIComponent(tag)}/analytics${query}`;
}
