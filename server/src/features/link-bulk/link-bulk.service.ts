/**
 * Many short links at once. Each item goes through the links service exactly as a single create,
 * edit or delete would (URL and alias rules, options, limits, cache), one after the other in
 * request order; an item that fails answers its own error and the others go on.
 */
import {
  bulkEditItemSchema,
  LINK_CSV_COLUMNS,
  type BulkDeleteBody,
  type BulkDeleted,
  type BulkItemError,
  type BulkResult,
} from '../../../../shared/link-bulk.js';
import { linkCreateSchema, type LinkCreateBody } from '../../../../shared/link-targeting.js';
import type { ShortUrl } from '../../../../shared/links.js';
import type { SessionUser } from '../../../../shared/sessions.js';
import { HttpError, NotFoundError } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { csvLine } from '../short-links/csv.js';
import { AliasTakenError, ExternalIdTakenError } from '../short-links/link-errors.js';
import type { StoredLink } from '../short-links/stored-link.js';
import { toShortUrl } from '../short-links/link-views.js';
import type { Creator, LinkContext, LinksService } from '../short-links/links.service.js';

const NO_SUCH_EXTERNAL_ID = 'You have no link with this externalId.';

export interface LinkBulkService {
  /**
   * Creates each item as POST /api/urls would. An item whose externalId the session already has
   * creates nothing and answers that link as it is, so a script can be run again safely.
   */
  create(creator: Creator, items: readonly unknown[], context: LinkContext): Promise<BulkResult<ShortUrl>[]>;
  /** Edits each item's link (by id, or by externalId) as PUT /api/urls/{id} would. */
  edit(user: SessionUser, items: readonly unknown[], context: LinkContext): Promise<BulkResult<ShortUrl>[]>;
  /** Deletes each named link of the session. */
  remove(user: SessionUser, body: BulkDeleteBody): Promise<BulkResult<BulkDeleted>[]>;
  /** The session's links as CSV (RFC 4180), newest first, with a header row of LINK_CSV_COLUMNS. */
  exportCsv(user: SessionUser, apiBase: string): Promise<string>;
}

function itemError(index: number, error: HttpError): BulkItemError {
  return {
    index,
    status: error.statusCode,
    error: error.message,
    ...error.extra,
    ...(error instanceof AliasTakenError && { suggestion: error.suggestion }),
  };
}

/**
 * Runs `action` for each value in order. An HttpError becomes that item's answer; any other error
 * (the database went away) fails the whole request, as it would a single call.
 */
async function eachItem<T, R>(
  values: readonly T[],
  action: (value: T, index: number) => Promise<R>,
): Promise<BulkResult<R>[]> {
  const results: BulkResult<R>[] = [];
  for (const [index, value] of values.entries()) {
    try {
      results.push(await action(value, index));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push(itemError(index, error));
    }
  }
  return results;
}

export function createLinkBulkService(deps: { links: LinksService }): LinkBulkService {
  const { links } = deps;

  async function ownedByExternalId(user: SessionUser, externalId: string): Promise<StoredLink> {
    const link = await links.findByExternalId(user, externalId);
    if (!link) throw new NotFoundError(NO_SUCH_EXTERNAL_ID);
    return link;
  }

  /** The link the session already has under the body's externalId, if any. */
  async function existing(user: SessionUser, body: LinkCreateBody): Promise<StoredLink | null> {
    return body.externalId ? links.findByExternalId(user, body.externalId) : null;
  }

  async function createOne(creator: Creator, body: LinkCreateBody, context: LinkContext): Promise<ShortUrl> {
    const before = await existing(creator.user, body);
    if (before) return toShortUrl(before, context.apiBase);
    try {
      return await links.create(creator, body, context);
    } catch (error) {
      // Another request stored the same externalId meanwhile: its link is this item's answer too.
      const stored = error instanceof ExternalIdTakenError ? await existing(creator.user, body) : null;
      if (stored) return toShortUrl(stored, context.apiBase);
      throw error;
    }
  }

  return {
    create(creator, items, context) {
      return eachItem(items, (item) => createOne(creator, parseInput(linkCreateSchema, item), context));
    },
    edit(user, items, context) {
      return eachItem(items, async (item) => {
        const { id, ...changes } = parseInput(bulkEditItemSchema, item);
        const link =
          id !== undefined
            ? await links.findOwned(user, id)
            : await ownedByExternalId(user, changes.externalId ?? '');
        return links.update(user, link.id, { ...changes, url: changes.url ?? link.url }, context);
      });
    },
    remove(user, body) {
      const byId = body.ids !== undefined;
      return eachItem(body.ids ?? body.externalIds ?? [], async (key) => {
        const link = byId ? await links.findOwned(user, key) : await ownedByExternalId(user, key);
        await links.remove(user, link.id);
        return { id: link.id, externalId: link.externalId, deleted: true as const };
      });
    },
    async exportCsv(user, apiBase) {
      const rows = (await links.list(user, apiBase)).map((link) =>
        csvLine(LINK_CSV_COLUMNS.map((column) => link[column])),
      );
      return csvLine(LINK_CSV_COLUMNS) + rows.join('');
    },
  };
}
