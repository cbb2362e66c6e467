import { describe, expect, it } from 'vitest';
import { clickCsvLine, csvCell, csvLine } from './csv.js';

describe('CSV cells', () => {
  it('leaves plain values as they are', () => {
    expect(csvCell('Google LLC')).toBe('Google LLC');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    'turns a would-be formula %j into text',
    (value) => {
      expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('ends every line with CRLF', () => {
    expect(csvLine(['a', null, 1])).toBe('a,,1\r\n');
  });

  it('writes a click in the header’s column order', () => {
    const line = clickCsvLine({
      id: 7,
      timestamp: '2024-01-02T03:04:05.000Z',
      ip: '203.0.113.0',
      city: 'London',
      region: 'England',
      country: 'GB',
      isp: 'Example, Inc.',
      userAgent: 'curl/8.4.0',
      referer: null,
      isBot: true,
      botReason: 'isbot: curl',
    });
    expect(line).toBe(
      '7,2024-01-02T03:04:05.000Z,203.0.113.0,London,England,GB,"Example, Inc.",curl/8.4.0,,true,isbot: curl\r\n',
    );
  });
});
