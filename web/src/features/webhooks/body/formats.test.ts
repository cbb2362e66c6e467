import { describe, expect, it } from 'vitest';
import {
  compressionOf,
  contentTypeParam,
  cutText,
  detectFormat,
  mimeType,
  parseForm,
  percentDecode,
  prettyJson,
} from './formats';

describe('content type', () => {
  it('extracts the media type and parameters', () => {
    expect(mimeType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mimeType(null)).toBe('');
    expect(contentTypeParam('multipart/form-data; boundary=----abc', 'boundary')).toBe('----abc');
    expect(contentTypeParam('multipart/form-data; Boundary="a;b c"', 'boundary')).toBe('a;b c');
    expect(contentTypeParam('text/plain', 'charset')).toBeNull();
  });
});

describe('detectFormat', () => {
  it('follows the content type', () => {
    expect(detectFormat('application/json', '{"a":1}')).toBe('json');
    expect(detectFormat('application/vnd.api+json', '[1]')).toBe('json');
    expect(detectFormat('application/json', '{"a":')).toBe('text');
    expect(detectFormat('text/xml', 'not really')).toBe('xml');
    expect(detectFormat('application/atom+xml', '<feed/>')).toBe('xml');
    expect(detectFormat('application/x-www-form-urlencoded', 'a=1')).toBe('form');
    expect(detectFormat('multipart/form-data; boundary=x', '--x--')).toBe('multipart');
    expect(detectFormat('multipart/form-data; boundary=x', null)).toBe('multipart');
  });

  it('sniffs JSON and XML when the type says nothing', () => {
    expect(detectFormat(null, ' {"a": [1, 2]}')).toBe('json');
    expect(detectFormat('text/plain', '[1,2]')).toBe('json');
    expect(detectFormat(null, '<?xml version="1.0"?><a/>')).toBe('xml');
    expect(detectFormat(null, '<a>1</a>')).toBe('xml');
    expect(detectFormat(null, '42')).toBe('text');
    expect(detectFormat(null, 'hello')).toBe('text');
    expect(detectFormat('multipart/form-data', 'no boundary')).toBe('text');
  });

  it('calls non-UTF-8 bytes binary', () => {
    expect(detectFormat('application/json', null)).toBe('binary');
    expect(detectFormat('application/octet-stream', null)).toBe('binary');
  });
});

describe('compressionOf', () => {
  it('finds gzip, deflate or br in any header case', () => {
    expect(compressionOf([['content-encoding', 'gzip']])).toBe('gzip');
    expect(compressionOf([['Content-Encoding', 'BR']])).toBe('BR');
    expect(compressionOf([['CONTENT-ENCODING', 'identity, deflate']])).toBe('identity, deflate');
    expect(compressionOf([['Content-Encoding', 'identity']])).toBeNull();
    expect(compressionOf([['Content-Type', 'gzip']])).toBeNull();
  });
});

describe('prettyJson', () => {
  it('indents by two spaces', () => {
    expect(prettyJson('{"a":1,"b":[true,null,{}],"c":[]}')?.text).toBe(
      '{\n  "a": 1,\n  "b": [\n    true,\n    null,\n    {}\n  ],\n  "c": []\n}',
    );
  });

  it('keeps the exact literals and escapes', () => {
    const text = '{"id":12345678901234567890,"x":1.0,"e":1E3,"s":"a\\"b,{:}\\u00e9","id":2}';
    expect(prettyJson(text)?.text).toBe(
      '{\n  "id": 12345678901234567890,\n  "x": 1.0,\n  "e": 1E3,\n  "s": "a\\"b,{:}\\u00e9",\n  "id": 2\n}',
    );
  });

  it('returns null for non-JSON and cuts long output', () => {
    expect(prettyJson('{"a":')).toBeNull();
    const big = JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ i })));
    const cut = prettyJson(big, 100);
    expect(cut?.complete).toBe(false);
    expect(cut?.text.length).toBe(100);
    expect(prettyJson(big)?.complete).toBe(true);
  });
});

describe('cutText', () => {
  it('does not split a surrogate pair', () => {
    expect(cutText('a😀', 2)).toEqual({ text: 'a', complete: false });
    expect(cutText('abc', 3)).toEqual({ text: 'abc', complete: true });
  });
});

describe('form parsing', () => {
  it('keeps repeated names in order and decodes + and %XX', () => {
    expect(parseForm('a=1&b=two+words&a=3&empty=&flag&&c=%E2%98%83%2B')).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['a', '3'],
      ['empty', ''],
      ['flag', ''],
      ['c', '☃+'],
    ]);
  });

  it('tolerates malformed escapes', () => {
    expect(percentDecode('100%')).toBe('100%');
    expect(percentDecode('%zz%41')).toBe('%zzA');
    expect(percentDecode('%ff')).toBe('\ufffd');
    expect(parseForm('?x=%E0%A4%A')).toEqual([['?x', '\ufffd%A']]);
  });
});
