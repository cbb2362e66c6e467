/**
 * The search filters of the event list, its count and its export: parsing the query parameters,
 * and the SQL condition each database runs. The text search scans the session's visible events
 * (no text index): both databases compare lower-cased text with a substring test, not LIKE, so
 * `%`, `_` and `\` in the search are plain characters.
 */
import { isUtf8 } from 'node:buffer';
import type SQLite from 'better-sqlite3';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  parseSearchText,
  requestContains,
  SEARCH_TEXT_MAX,
  type ContractMatch,
  type SignatureMatch,
} from '../../../../shared/event-search.js';
import { parseRawHeaders } from './event-view.js';

export interface SearchFilter {
  /** Lower-cased search text, without its verdict tokens. */
  text?: string;
  /** From a `sig:` token. */
  signature?: SignatureMatch;
  /** From a `contract:` token. */
  contract?: ContractMatch;
  methods?: string[];
  /** Epoch milliseconds, inclusive. */
  fromMs?: number;
  /** Epoch milliseconds, exclusive. */
  toMs?: number;
}

const METHOD_LIST = /^[A-Za-z][A-Za-z-]*(,[A-Za-z][A-Za-z-]*)*$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const TIME_MESSAGE = 'must be an ISO 8601 time with a time zone, such as 2026-01-31T09:30:00Z, or a date';

const isoTime = z
  .string()
  .regex(ISO_TIME, { message: TIME_MESSAGE })
  .transform((value) => Date.parse(value))
  .refine((ms) => Number.isFinite(ms), { message: TIME_MESSAGE });

const searchFields = {
  q: z
    .string()
    .max(SEARCH_TEXT_MAX, { message: `must be at most ${SEARCH_TEXT_MAX} characters` })
    // PostgreSQL text cannot hold NUL, and no header or path can carry one.
    .refine((text) => !text.includes('\0'), { message: 'must not contain a NUL character' })
    .optional(),
  method: z
    .string()
    .regex(METHOD_LIST, { message: 'must be HTTP methods separated by commas, such as POST or GET,POST' })
    .optional()
    .or(z.literal('')),
  from: isoTime.optional(),
  to: isoTime.optional(),
};

type SearchFields = z.output<z.ZodObject<typeof searchFields>>;

function filterOf({ q, method, from, to }: SearchFields): SearchFilter {
  const { text, signature, contract } = parseSearchText(q ?? '');
  return {
    text: text ? text.toLowerCase() : undefined,
    ...(signature ? { signature } : {}),
    ...(contract ? { contract } : {}),
    methods: method ? [...new Set(method.toUpperCase().split(','))] : undefined,
    fromMs: from,
    toMs: to,
  };
}

/**
 * A query schema of the search filters beside the fields of `extra`: the parsed query holds
 * those fields, and the filter as `filter`.
 */
export function searchQuerySchema<Extra extends z.ZodObject>(extra: Extra) {
  return extra
    .extend(searchFields)
    .refine(
      (query) => {
        const { from, to } = query as SearchFields;
        return from === undefined || to === undefined || from < to;
      },
      { path: ['to'], message: 'must be later than from' },
    )
    .transform((query) => {
      const { q, method, from, to, ...rest } = query as SearchFields & Record<string, unknown>;
      return { ...(rest as z.output<Extra>), filter: filterOf({ q, method, from, to }) };
    });
}

/** The text as it appears inside the stored JSON of the raw headers. */
function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

const SQLITE_CONTAINS = 'hookbay_event_contains';
const SQLITE_HEADERS_CONTAIN = 'hookbay_headers_contain';
const SQLITE_IS_UTF8 = 'hookbay_is_utf8';

/**
 * A needle of printable ASCII can only match ASCII letters (bar oddities such as the Kelvin sign,
 * which lower-cases to "k"), so lower-casing ASCII alone, which both databases do fast, finds it.
 */
const PRINTABLE_ASCII = /^[ -~]*$/;

/**
 * The longest stretch of printable ASCII in a needle that has other characters too: text that
 * holds the needle in any case holds this stretch in ASCII case-insensitively, so the cheap ASCII
 * test rules out most rows before the full one runs.
 */
function longestAsciiRun(text: string): string {
  return text.split(/[^ -~]+/).reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}

/**
 * SQLite: other needles go through the JavaScript rule whole. An ASCII needle is looked for with
 * SQLite's own ASCII lower-casing, and JavaScript only confirms what SQLite cannot tell: that the
 * needle is inside one header name or value rather than across the stored JSON, and that the
 * body is UTF-8. Calling into JavaScript for every row cost twice the scan.
 */
function sqliteContains(text: string): Expression<SqlBool> {
  if (!PRINTABLE_ASCII.test(text)) {
    const exact = sql<SqlBool>`${sql.raw(SQLITE_CONTAINS)}(path, query_string, raw_headers, body, ${text}) = 1`;
    const run = longestAsciiRun(text);
    if (!run) return exact;
    return sql<SqlBool>`((instr(lower(path), ${run}) > 0
      or instr(lower(query_string), ${run}) > 0
      or instr(lower(raw_headers), ${jsonEscaped(run)}) > 0
      or instr(lower(cast(body as text)), ${run}) > 0) and ${exact})`;
  }
  return sql<SqlBool>`(instr(lower(path), ${text}) > 0
    or instr(lower(query_string), ${text}) > 0
    or (instr(lower(raw_headers), ${jsonEscaped(text)}) > 0
      and ${sql.raw(SQLITE_HEADERS_CONTAIN)}(raw_headers, ${text}) = 1)
    or (instr(lower(cast(body as text)), ${text}) > 0 and ${sql.raw(SQLITE_IS_UTF8)}(body) = 1))`;
}

/**
 * SQLite has no Unicode lower-casing and no UTF-8 check of its own, so its text test is done by
 * these JavaScript functions, with the very rule the browser applies to live events. The stored
 * header JSON is parsed only when the text occurs in it at all.
 */
export function registerSqliteSearch(sqlite: SQLite.Database): void {
  const options = { deterministic: true };
  sqlite.function(
    SQLITE_CONTAINS,
    options,
    (path: unknown, queryString: unknown, rawHeaders: unknown, body: unknown, needle: unknown) => {
      const text = String(needle);
      const headersJson = String(rawHeaders);
      const bytes = body as Buffer;
      const found = requestContains(
        {
          path: String(path),
          queryString: String(queryString),
          rawHeaders: headersJson.toLowerCase().includes(jsonEscaped(text))
            ? parseRawHeaders(headersJson)
            : [],
          bodyText: isUtf8(bytes) ? bytes.toString('utf8') : null,
        },
        text,
      );
      return found ? 1 : 0;
    },
  );
  sqlite.function(SQLITE_HEADERS_CONTAIN, options, (rawHeaders: unknown, needle: unknown) => {
    const request = {
      path: '',
      queryString: '',
      rawHeaders: parseRawHeaders(String(rawHeaders)),
      bodyText: null,
    };
    return requestContains(request, String(needle)) ? 1 : 0;
  });
  sqlite.function(SQLITE_IS_UTF8, options, (body: unknown) => (isUtf8(body as Buffer) ? 1 : 0));
}

/**
 * How the body is read as text. SQLite: the JavaScript function above. PostgreSQL, 'postgres':
 * convert_from, which fails the whole query on a body that is not UTF-8; 'postgres-tolerant':
 * `hookbay_body_text` (migration 009), NULL for such a body, but its exception handler costs a
 * subtransaction per row, three times the time of the search itself. See `runSearch`.
 */
export type SearchEngine = 'sqlite' | 'postgres' | 'postgres-tolerant';

/** PostgreSQL's error for bytes that are not valid in the encoding (character_not_in_repertoire). */
const INVALID_BYTES = '22021';

/**
 * Runs a query built for `engine`. On PostgreSQL it is tried with the quick body conversion
 * first; only a session holding a body that is not UTF-8 pays for a second, tolerant run.
 */
export async function runSearch<T>(isSqlite: boolean, run: (engine: SearchEngine) => Promise<T>): Promise<T> {
  if (isSqlite) return run('sqlite');
  try {
    return await run('postgres');
  } catch (error) {
    if ((error as { code?: unknown }).code !== INVALID_BYTES) throw error;
    return run('postgres-tolerant');
  }
}

/**
 * The header JSON is matched as text first and parsed only when that finds the needle. Text is
 * lower-cased by PostgreSQL on both sides, so that its own case rules apply throughout. Under the
 * database's collation lower() converts every string to wide characters and back, which made a
 * search three times slower, so an ASCII needle is compared under the "C" collation, which
 * lower-cases ASCII in place, and any other only where its longest ASCII stretch is found that way.
 */
function postgresContains(text: string, tolerant: boolean): Expression<SqlBool> {
  const bodyText = tolerant ? sql`hookbay_body_text(body)` : sql`convert_from(body, 'UTF8')`;
  return sql<SqlBool>`(${postgresTextContains(sql.ref('path'), text)}
    or ${postgresTextContains(sql.ref('query_string'), text)}
    or (${postgresTextContains(sql.ref('raw_headers'), jsonEscaped(text))} and exists (
      select 1 from json_array_elements(raw_headers::json) as header
      where ${postgresTextContains(sql`header->>0`, text)} or ${postgresTextContains(sql`header->>1`, text)}))
    or ${postgresTextContains(bodyText, text)})`;
}

function postgresTextContains(column: Expression<unknown>, needle: string): Expression<SqlBool> {
  const contains = (part: string, collation: 'C' | 'default') =>
    sql<SqlBool>`strpos(lower((${column}) collate ${sql.id(collation)}), lower(${part}::text collate ${sql.id(collation)})) > 0`;
  if (PRINTABLE_ASCII.test(needle)) return contains(needle, 'C');
  const run = longestAsciiRun(needle);
  return run
    ? sql<SqlBool>`(${contains(run, 'C')} and ${contains(needle, 'default')})`
    : contains(needle, 'default');
}

function statusCondition(
  column: 'signature_status' | 'contract_status',
  wanted: string,
): Expression<SqlBool> {
  return wanted === 'none'
    ? sql<SqlBool>`${sql.ref(column)} is null`
    : sql<SqlBool>`${sql.ref(column)} = ${wanted}`;
}

/** The filter's condition on `webhook_events` rows, or null when it filters nothing. */
export function filterCondition(filter: SearchFilter, engine: SearchEngine): Expression<SqlBool> | null {
  const parts: Expression<SqlBool>[] = [];
  if (filter.methods?.length) parts.push(sql<SqlBool>`method in (${sql.join(filter.methods)})`);
  if (filter.fromMs !== undefined) parts.push(sql<SqlBool>`created_at >= ${filter.fromMs}`);
  if (filter.toMs !== undefined) parts.push(sql<SqlBool>`created_at < ${filter.toMs}`);
  if (filter.signature) parts.push(statusCondition('signature_status', filter.signature));
  if (filter.contract) parts.push(statusCondition('contract_status', filter.contract));
  if (filter.text) {
    parts.push(
      engine === 'sqlite'
        ? sqliteContains(filter.text)
        : postgresContains(filter.text, engine === 'postgres-tolerant'),
    );
  }
  if (parts.length === 0) return null;
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
