/**
 * The click export as CSV (RFC 4180: CRLF line ends, a field with a comma, quote or line break is
 * quoted and its quotes doubled). A cell a spreadsheet would run as a formula is made plain text
 * by a leading single quote, since user agents and referers are chosen by whoever clicks.
 */
import type { ClickRecord } from '../../../../shared/links.js';

type Cell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const CLICK_CSV_COLUMNS = [
  'id',
  'timestamp',
  'ip',
  'city',
  'region',
  'country',
  'isp',
  'userAgent',
  'referer',
  'isBot',
  'botReason',
] as const satisfies readonly (keyof ClickRecord)[];

export function csvCell(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function clickCsvLine(click: ClickRecord): string {
  return csvLine(CLICK_CSV_COLUMNS.map((column) => click[column]));
}

/** The download's file name. */
export function clicksCsvFileName(urlId: string): string {
  return `hookbay-${urlId}-clicks.csv`;
}
