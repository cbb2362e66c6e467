/**
 * A links CSV as rows to import: the header row names the columns (`url` or `destination`
 * required; `alias`, `externalId`, `expiresAt`, `maxClicks` optional; others, such as those of the
 * export, are ignored), and each row is checked with the same rules the server applies, so that
 * the preview shows its problems before anything is sent.
 */
import { urlBodySchema, type UrlBody } from '../../../../shared/links';
import { parseCsv, type CsvRecord } from './csv-parse';
import { bulkMessages as text } from './messages';

export const MAX_IMPORT_ROWS = 5000;

export type ImportItem = Pick<UrlBody, 'url' | 'alias' | 'externalId' | 'expiresAt' | 'maxClicks'>;

export interface ImportRow {
  /** The file's line the row starts on. */
  line: number;
  /** What the row says, as sent; only meaningful when there are no problems. */
  item: ImportItem;
  /** Why the row cannot be imported; empty when it can. */
  problems: string[];
}

export interface ImportFile {
  rows: ImportRow[];
  /** Why the file as a whole cannot be imported, or null. */
  problem: string | null;
}

type Column = 'url' | 'alias' | 'externalId' | 'expiresAt' | 'maxClicks';

const HEADER_NAMES: Record<string, Column> = {
  url: 'url',
  destination: 'url',
  alias: 'alias',
  externalid: 'externalId',
  expiresat: 'expiresAt',
  maxclicks: 'maxClicks',
};

/** A header as written, compared without case, spaces, hyphens or underscores. */
function columnOf(header: string): Column | null {
  return (
    HEADER_NAMES[
      header
        .trim()
        .toLowerCase()
        .replace(/[\s_-]/g, '')
    ] ?? null
  );
}

/** Column name to field index; `url` wins over `destination` when a file has both. */
function columnIndexes(header: readonly string[]): Partial<Record<Column, number>> {
  const indexes: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const column = columnOf(name);
    const isUrlColumn = name.trim().toLowerCase() === 'url';
    if (column && (indexes[column] === undefined || isUrlColumn)) indexes[column] = index;
  });
  return indexes;
}

/** Hookbay's export writes a cell a spreadsheet would run as a formula with a leading quote; undo it. */
function unprotected(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function rawItem(record: CsvRecord, indexes: Partial<Record<Column, number>>): Record<string, unknown> {
  const cell = (column: Column) => {
    const index = indexes[column];
    const value = index === undefined ? '' : (record.fields[index] ?? '');
    return value.trim() === '' ? undefined : value;
  };
  const maxClicks = cell('maxClicks')?.trim();
  const alias = cell('alias');
  const externalId = cell('externalId');
  return {
    url: cell('url') ?? '',
    ...(alias !== undefined && { alias: unprotected(alias.trim()) }),
    ...(externalId !== undefined && { externalId: unprotected(externalId) }),
    ...(cell('expiresAt') !== undefined && { expiresAt: cell('expiresAt')?.trim() }),
    ...(maxClicks !== undefined && { maxClicks: /^\d+$/.test(maxClicks) ? Number(maxClicks) : maxClicks }),
  };
}

function checkedRow(record: CsvRecord, indexes: Partial<Record<Column, number>>, now: number): ImportRow {
  const raw = rawItem(record, indexes);
  const parsed = urlBodySchema.safeParse(raw);
  if (!parsed.success) {
    const problems = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    return { line: record.line, item: raw as ImportItem, problems };
  }
  const item = parsed.data;
  const isPast = item.expiresAt ? Date.parse(item.expiresAt) <= now : false;
  return { line: record.line, item, problems: isPast ? [text.expiryInPast] : [] };
}

/** Marks the second and later rows that repeat an alias or an externalId of an earlier row. */
function markRepeats(rows: ImportRow[], field: 'alias' | 'externalId', problem: (line: number) => string) {
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const value = row.item[field];
    if (typeof value !== 'string') continue;
    const earlier = firstLine.get(value);
    if (earlier === undefined) firstLine.set(value, row.line);
    else row.problems.push(problem(earlier));
  }
}

/** The rows of a links CSV, each with its problems, or the reason the whole file cannot be imported. */
export function readImportFile(csv: string, now = Date.now()): ImportFile {
  const [header, ...records] = parseCsv(csv);
  if (!header || records.length === 0) return { rows: [], problem: text.emptyFile };
  const indexes = columnIndexes(header.fields);
  if (indexes.url === undefined) return { rows: [], problem: text.noUrlColumn };
  if (records.length > MAX_IMPORT_ROWS) return { rows: [], problem: text.tooManyRows(records.length) };
  const rows = records.map((record) => checkedRow(record, indexes, now));
  markRepeats(rows, 'alias', text.repeatedAlias);
  markRepeats(rows, 'externalId', text.repeatedExternalId);
  return { rows, problem: null };
}
