/**
 * Working on many short links at once: the bodies of the bulk routes, their per-item answers, and
 * the columns of the links CSV. Pure: no Node and no DOM APIs.
 */
import { z } from 'zod';
import { linkUpdateSchema } from './link-targeting.js';
import { externalIdSchema, type ShortUrl } from './links.js';

/** Items one bulk request may carry. */
export const MAX_BULK_ITEMS = 100;
export const LINKS_BULK_PATH = '/api/urls/bulk';
export const LINKS_EXPORT_PATH = '/api/urls/export';

const BULK_SHAPE_MESSAGE = `Send a JSON array of 1 to ${MAX_BULK_ITEMS} items.`;

/**
 * Body of bulk create and bulk edit: 1 to MAX_BULK_ITEMS items, each checked on its own (an item
 * that is not acceptable fails alone).
 */
export const bulkItemsSchema = z
  .array(z.unknown(), { error: BULK_SHAPE_MESSAGE })
  .min(1, BULK_SHAPE_MESSAGE)
  .max(MAX_BULK_ITEMS, `At most ${MAX_BULK_ITEMS} items per request; split the rest into more requests.`);

/**
 * One item of bulk edit: the link by `id`, or by `externalId` when there is no `id`, then the
 * changes as on PUT /api/urls/{id}, except that the destination (`url`) may be left out too. With
 * an `id`, an `externalId` sets the link's externalId.
 */
export const bulkEditItemSchema = linkUpdateSchema
  .partial({ url: true })
  .extend({ id: z.string({ error: 'id must be text.' }).min(1).optional() })
  .refine((item) => item.id !== undefined || typeof item.externalId === 'string', {
    message: 'Name the link with "id" or "externalId".',
  });
export type BulkEditItem = z.infer<typeof bulkEditItemSchema>;

const DELETE_SHAPE_MESSAGE = `Send {"ids": [...]} or {"externalIds": [...]}, 1 to ${MAX_BULK_ITEMS} of them.`;
const deleteList = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, DELETE_SHAPE_MESSAGE).max(MAX_BULK_ITEMS, DELETE_SHAPE_MESSAGE).optional();

/** Body of bulk delete: the links by id, or by externalId; one of the two lists. */
export const bulkDeleteSchema = z
  .strictObject(
    {
      ids: deleteList(z.string({ error: 'Each id must be text.' })),
      externalIds: deleteList(externalIdSchema),
    },
    { error: DELETE_SHAPE_MESSAGE },
  )
  .refine((body) => (body.ids === undefined) !== (body.externalIds === undefined), DELETE_SHAPE_MESSAGE);
export type BulkDeleteBody = z.infer<typeof bulkDeleteSchema>;

/** An item that failed: its place in the request and the status a single call would have answered. */
export interface BulkItemError {
  index: number;
  status: number;
  error: string;
  /** A free alias, when the one asked for is taken. */
  suggestion?: string | null;
  /** The link that already has the externalId asked for. */
  id?: string;
}

export interface BulkDeleted {
  id: string;
  externalId: string | null;
  deleted: true;
}

/** Per item, in request order: the link (or what was deleted), or why the item failed. */
export type BulkResult<T> = T | BulkItemError;

export function isBulkItemError<T extends object>(result: BulkResult<T>): result is BulkItemError {
  return 'error' in result && 'index' in result;
}

/** The columns of the links CSV (GET /api/urls/export?format=csv), in order: the link's own field names. */
export const LINK_CSV_COLUMNS = [
  'id',
  'shortUrl',
  'url',
  'alias',
  'externalId',
  'createdAt',
  'expiresAt',
  'maxClicks',
  'hasPassword',
  'clicks',
  'state',
  'disabledAt',
] as const satisfies readonly (keyof ShortUrl)[];
