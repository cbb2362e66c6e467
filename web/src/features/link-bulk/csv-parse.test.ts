import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse';

const fieldsOf = (text: string) => parseCsv(text).map((record) => record.fields);

describe('reading CSV', () => {
  it('splits records on CRLF or LF and fields on commas', () => {
    expect(fieldsOf('url,alias\r\nhttps://a.example,one\nhttps://b.example,two')).toEqual([
      ['url', 'alias'],
      ['https://a.example', 'one'],
      ['https://b.example', 'two'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    const text = 'url,externalId\r\n"https://a.example/?q=1,2","say ""hi""\r\nnext line"\r\n';
    expect(fieldsOf(text)).toEqual([
      ['url', 'externalId'],
      ['https://a.example/?q=1,2', 'say "hi"\r\nnext line'],
    ]);
  });

  it('keeps empty fields, including a last empty one', () => {
    expect(fieldsOf('a,,c,\n,,,')).toEqual([['a', '', 'c', '']]);
    expect(fieldsOf('url,alias,maxClicks\nhttps://a.example,,')).toEqual([
      ['url', 'alias', 'maxClicks'],
      ['https://a.example', '', ''],
    ]);
  });

  it('drops a byte order mark and blank lines, and numbers records by the line they start on', () => {
    const records = parseCsv('\uFEFFurl\n\n"https://a.example/\nwrapped"\n\nhttps://b.example\n');
    expect(records).toEqual([
      { line: 1, fields: ['url'] },
      { line: 3, fields: ['https://a.example/\nwrapped'] },
      { line: 6, fields: ['https://b.example'] },
    ]);
  });

  it('reads what Hookbay’s own CSV writer writes', () => {
    // The shape of server/src/features/short-links/csv.ts: RFC 4180, CRLF, quotes doubled.
    const written = 'id,url,externalId\r\nabc1234,"https://a.example/?x=1,2","He said ""no"""\r\n';
    expect(fieldsOf(written)[1]).toEqual(['abc1234', 'https://a.example/?x=1,2', 'He said "no"']);
  });

  it('reads nothing from an empty file', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\r\n\r\n')).toEqual([]);
  });
});
