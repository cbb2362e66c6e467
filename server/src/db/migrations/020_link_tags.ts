import type { Kysely, Migration } from 'kysely';

/**
 * Tags and a note on short links. short_link_tags: one row per tag of a link, lower-cased; the
 * session is repeated on each row so that a session's tags, and the links carrying one of them,
 * are read from one index without touching short_links. short_links.note: the owner's note.
 */
export function linkTagsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('short_links').addColumn('note', 'text').execute();
      await db.schema
        .createTable('short_link_tags')
        .addColumn('url_id', 'text', (col) => col.notNull())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('tag', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('short_link_tags_pkey', ['url_id', 'tag'])
        .execute();
      // The tag filter, the tag list with counts and the tag analytics.
      await db.schema
        .createIndex('short_link_tags_session_tag')
        .on('short_link_tags')
        .columns(['session_id', 'tag', 'url_id'])
        .execute();
    },
  };
}
