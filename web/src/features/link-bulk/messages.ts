/** Every text of importing and exporting links, in one place. */

const count = (n: number) => n.toLocaleString('en-US');

export const bulkMessages = {
  importCsv: 'Import CSV',
  exportCsv: 'Export CSV',
  importTitle: 'Import links from CSV',
  fileLabel: 'CSV file',
  importHelp:
    'The first row names the columns: url (or destination) is required; alias, externalId, expiresAt ' +
    '(ISO 8601, e.g. 2030-01-31T18:00:00Z) and maxClicks are optional. A Hookbay export can be imported as it is.',
  importLimits:
    'Up to 5,000 rows per import, sent 100 at a time. Each new link counts against your link creation ' +
    'limits; a row whose externalId you already have keeps its link as it is.',
  readFailed: 'The file could not be read.',
  emptyFile: 'The file has no rows to import: a header row and at least one row are needed.',
  noUrlColumn: 'The header row must name a "url" or "destination" column.',
  tooManyRows: (rows: number) => `This file has ${count(rows)} rows; at most 5,000 can be imported at once.`,
  expiryInPast: 'The expiry date must be in the future.',
  repeatedAlias: (line: number) => `This alias is also on line ${line}.`,
  repeatedExternalId: (line: number) => `This externalId is also on line ${line}.`,
  previewSummary: (ready: number, withProblems: number) =>
    `${count(ready)} ready to import, ${count(withProblems)} with problems (not sent).`,
  importButton: (rows: number) => `Import ${count(rows)} ${rows === 1 ? 'link' : 'links'}`,
  importing: (done: number, total: number) => `Importing… ${count(done)} of ${count(total)}`,
  resultSummary: (created: number, existing: number, failed: number) =>
    `${count(created)} created, ${count(existing)} already there, ${count(failed)} failed.`,
  close: 'Close',
  chooseAnother: 'Choose another file',
  columnLine: 'Line',
  columnDestination: 'Destination',
  columnAlias: 'Alias',
  columnExternalId: 'externalId',
  columnExpires: 'Expires',
  columnMaxClicks: 'Max clicks',
  columnResult: 'Result',
  ready: 'Ready',
  created: 'Created',
  existing: 'Already there',
  failed: 'Failed',
  notSent: (reason: string) => `Not sent: ${reason}`,
  batchFailed: 'The import stopped: the server did not answer. Rows already imported are kept.',
} as const;
