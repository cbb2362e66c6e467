/**
 * Reads CSV as spreadsheets write it (RFC 4180, tolerantly): fields split by commas, records by
 * CRLF or LF; a quoted field may hold commas, quotes (doubled) and line breaks. A byte order mark
 * at the start is dropped, and so are records with nothing in them.
 */

export interface CsvRecord {
  /** The 1-based line of the file the record starts on. */
  line: number;
  fields: string[];
}

function isBlank(fields: readonly string[]): boolean {
  return fields.every((field) => field.trim() === '');
}

/** The records of `text` in order. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let isQuoted = false;
  let line = 1;
  let recordLine = 1;

  function endField() {
    fields.push(field);
    field = '';
  }
  function endRecord() {
    endField();
    if (!isBlank(fields)) records.push({ line: recordLine, fields });
    fields = [];
    recordLine = line;
  }

  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (isQuoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') isQuoted = true;
    else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      line++;
      endRecord();
    } else field += char;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
