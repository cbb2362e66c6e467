import { describe, expect, it } from 'vitest';
import { prettyJson } from './formats';
import { valueSpans, violationMarks } from './json-marks';

const marked = (text: string, pointer: string, message = 'wrong') =>
  violationMarks(text, [{ pointer, message }]).map((mark) => text.slice(mark.start, mark.end));

describe('marking the values a contract found at fault', () => {
  const body = prettyJson('{"order":{"total":-1,"items":[{"sku":"A"},{"sku":7}]},"a/b~c":true,"note":null}');
  const text = body?.text ?? '';

  it('finds the value at each pointer: scalars, strings, objects, array items, escaped keys', () => {
    expect(marked(text, '/order/total')).toEqual(['-1']);
    expect(marked(text, '/order/items/1/sku')).toEqual(['7']);
    expect(marked(text, '/order/items/0')).toEqual(['{\n        "sku": "A"\n      }']);
    expect(marked(text, '/a~1b~0c')).toEqual(['true']);
    expect(marked(text, '/note')).toEqual(['null']);
    expect(marked(text, '')).toEqual([text]);
  });

  it('marks the opening brace of the object a required property is missing from', () => {
    expect(
      violationMarks(text, [{ pointer: '/order/id', message: "must have required property 'id'" }]),
    ).toEqual([
      {
        start: text.indexOf('{', 1),
        end: text.indexOf('{', 1) + 1,
        title: "must have required property 'id'",
      },
    ]);
  });

  it('joins the messages of one place, orders outer marks first, and leaves out places not shown', () => {
    const marks = violationMarks(text, [
      { pointer: '/order/total', message: 'must be >= 0' },
      { pointer: '/order', message: 'must not have total' },
      { pointer: '/order/total', message: 'must be integer' },
      { pointer: '/missing/deep', message: 'nowhere' },
    ]);
    expect(marks.map((mark) => [text.slice(mark.start, mark.end).slice(0, 10), mark.title])).toEqual([
      ['{\n    "tot', 'must not have total'],
      ['-1', 'must be >= 0\nmust be integer'],
    ]);
  });

  it('keeps the last of duplicate keys, as the contract saw it, and stops where a cut text ends', () => {
    expect(marked('{"a": 1, "a": 2}', '/a')).toEqual(['2']);
    const cut = '{\n  "list": [\n    1,\n    "ab';
    expect(valueSpans(cut, new Set(['/list', '/list/1']))).toEqual(
      new Map([
        ['/list/1', { start: cut.indexOf('"ab'), end: cut.length }],
        ['/list', { start: cut.indexOf('['), end: cut.length }],
      ]),
    );
  });
});
