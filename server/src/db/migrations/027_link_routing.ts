import type { Kysely, Migration } from 'kysely';

/**
 * How a short link answers, and an endpoint's tie to a deleted link.
 *
 * short_links.redirect_status: 301, 302, 307 or 308; null answers 302 as links always did.
 * short_links.fallback_url: where an expired, used-up, disabled or not yet active link sends
 * visitors instead of its 410 page; null for the page. short_links.starts_at: epoch ms before which
 * the link is not active yet; null for at once.
 * link_webhooks.link_deleted_at: set when the endpoint's own link is deleted; from then on the
 * endpoint receives nothing more, even for a new link that takes the same alias.
 */
export function linkRoutingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema.alterTable('short_links').addColumn('redirect_status', 'integer').execute();
      await db.schema.alterTable('short_links').addColumn('fallback_url', 'text').execute();
      await db.schema.alterTable('short_links').addColumn('starts_at', 'bigint').execute();
      await db.schema.alterTable('link_webhooks').addColumn('link_deleted_at', 'bigint').execute();
    },
  };
}
