import { sql, type Kysely } from 'kysely';
import type { ResponseRule } from '../../../../shared/responses.js';
import { sqliteHandleOf } from '../../db/connection.js';
import type { DatabaseSchema } from '../../db/schema.js';

/** A session's saved rules and the version their sequences count under. */
export interface StoredRules {
  rules: ResponseRule[];
  version: number;
}

export interface ResponsesRepo {
  /** The session's rules; null when it never saved any. */
  find(sessionId: string): Promise<StoredRules | null>;
  /** Replaces the session's rules under a new version and forgets the old versions' counts. */
  save(sessionId: string, rules: ResponseRule[], now: number): Promise<StoredRules>;
  /** Counts one more capture answered by the rule; returns how many it has answered, this one included. */
  countMatch(sessionId: string, version: number, ruleIndex: number): Promise<number>;
}

const COUNT_MATCH_SQL = `insert into response_rule_counters (session_id, version, rule_index, matches)
  values (?, ?, ?, 1)
  on conflict (session_id, version, rule_index) do update set matches = response_rule_counters.matches + 1
  returning matches`;

export function createResponsesRepo(db: Kysely<DatabaseSchema>): ResponsesRepo {
  // On SQLite every matching capture runs this; a statement prepared once costs a fraction of
  // Kysely compiling and preparing it each time.
  const countMatchStatement = sqliteHandleOf(db)?.prepare<[string, number, number], { matches: number }>(
    COUNT_MATCH_SQL,
  );
  return {
    async find(sessionId) {
      const row = await db
        .selectFrom('response_rules')
        .select(['rules', 'version'])
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      // Written by save() from rules that passed the shared schema.
      return row ? { rules: JSON.parse(row.rules) as ResponseRule[], version: row.version } : null;
    },
    async save(sessionId, rules, now) {
      const json = JSON.stringify(rules);
      const { version } = await db
        .insertInto('response_rules')
        .values({ session_id: sessionId, rules: json, version: 1, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('session_id').doUpdateSet({
            rules: json,
            version: sql<number>`response_rules.version + 1`,
            updated_at: now,
          }),
        )
        .returning('version')
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('response_rule_counters')
        .where('session_id', '=', sessionId)
        .where('version', '<', version)
        .execute();
      return { rules, version };
    },
    async countMatch(sessionId, version, ruleIndex) {
      if (countMatchStatement) {
        // A RETURNING upsert always yields its row.
        return (countMatchStatement.get(sessionId, version, ruleIndex) as { matches: number }).matches;
      }
      // One atomic statement, so captures of one session landing on several instances at once
      // each get their own number.
      const { matches } = await db
        .insertInto('response_rule_counters')
        .values({ session_id: sessionId, version, rule_index: ruleIndex, matches: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['session_id', 'version', 'rule_index'])
            .doUpdateSet({ matches: sql<number>`response_rule_counters.matches + 1` }),
        )
        .returning('matches')
        .executeTakeFirstOrThrow();
      return matches;
    },
  };
}
