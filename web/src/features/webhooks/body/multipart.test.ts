import { describe, expect, it } from 'vitest';
import { utf8Decode, utf8Encode } from './bytes';
import { multipartBoundary, parseMultipart, partText } from './multipart';

const BODY = [
  'preamble',
  '--XyZ',
  'Content-Disposition: form-data; name="title"',
  '',
  'Hello ☃',
  '--XyZ',
  'Content-Disposition: form-data; name="file"; filename="a;b.bin"',
  'Content-Type: application/octet-stream',
  '',
  '\x00\x01--XyZnot-a-boundary',
  '--XyZ',
  'Content-Disposition: form-data; name="empty"',
  '',
  '',
  '--XyZ--',
  'epilogue',
].join('\r\n');

describe('multipartBoundary', () => {
  it('reads the boundary parameter', () => {
    expect(multipartBoundary('multipart/form-data; boundary=XyZ')).toBe('XyZ');
    expect(multipartBoundary('multipart/form-data; boundary="with space"')).toBe('with space');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
  });
});

describe('parseMultipart', () => {
  it('splits parts and reads their headers', () => {
    const parts = parseMultipart(utf8Encode(BODY), 'XyZ');
    expect(parts.map((p) => [p.name, p.filename, p.contentType, p.complete])).toEqual([
      ['title', null, null, true],
      ['file', 'a;b.bin', 'application/octet-stream', true],
      ['empty', null, null, true],
    ]);
    expect(utf8Decode(parts[0]!.body)).toBe('Hello ☃');
    expect(Array.from(parts[1]!.body.subarray(0, 2))).toEqual([0, 1]);
    expect(utf8Decode(parts[1]!.body.subarray(2))).toBe('--XyZnot-a-boundary');
    expect(parts[2]!.body).toHaveLength(0);
  });

  it('accepts bare LF line ends and RFC 5987 file names', () => {
    const body = [
      '--b',
      'Content-Disposition: form-data; name="f"; filename="x"; filename*=UTF-8\'\'%E2%82%AC.txt',
      '',
      'data',
      '--b--',
    ].join('\n');
    const [part] = parseMultipart(utf8Encode(body), 'b');
    expect(part?.filename).toBe('€.txt');
    expect(utf8Decode(part!.body)).toBe('data');
  });

  it('returns what is there of a cut body and nothing without the boundary', () => {
    const cut = utf8Encode(BODY.slice(0, BODY.indexOf('--XyZnot')));
    const parts = parseMultipart(cut, 'XyZ');
    expect(parts).toHaveLength(2);
    expect(parts[1]!.complete).toBe(false);
    expect(parseMultipart(utf8Encode('no parts here'), 'XyZ')).toEqual([]);
  });

  it('survives a part without the blank line after its headers', () => {
    const body = '--b\r\nContent-Disposition: form-data; name="a"\r\n--b\r\n\r\nv\r\n--b--';
    const parts = parseMultipart(utf8Encode(body), 'b');
    expect(parts.map((p) => [p.name, utf8Decode(p.body)])).toEqual([
      ['a', ''],
      [null, 'v'],
    ]);
  });
});

describe('partText', () => {
  it('shows small text parts only', () => {
    const [title, file] = parseMultipart(utf8Encode(BODY), 'XyZ');
    expect(partText(title!)).toBe('Hello ☃');
    expect(partText(file!)).toBeNull();
    expect(partText(title!, 3)).toBeNull();
  });
});
