import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../shared/webhooks.js';
import { compareEvents, jsonDifferences, MAX_DIFFERENCES } from './compare.js';

function event(overrides: Partial<WebhookEvent>): WebhookEvent {
  return {
    id: 1,
    method: 'POST',
    path: '/',
    queryString: '',
    queryParams: {},
    headers: {},
    rawHeaders: [],
    body: '',
    bodyEncoding: 'utf8',
    payload: null,
    contentType: null,
    size: 0,
    truncated: false,
    bodyCut: false,
    ip: null,
    userAgent: null,
    timestamp: '2026-01-31T09:30:00.000Z',
    isDeleted: false,
    previousId: null,
    response: { status: 200, source: 'default' },
    verdicts: {},
    ...overrides,
  };
}

describe('comparing two requests', () => {
  it('says two identical requests are the same', () => {
    const request = { rawHeaders: [['A', '1']] as [string, string][], body: '{"a":1}' };
    expect(compareEvents(event(request), event({ ...request, id: 2 }))).toMatchObject({
      same: true,
      body: { same: true },
    });
  });

  it('lists method, path, query and header differences, header names in any case', () => {
    const a = event({
      method: 'POST',
      path: '/github',
      queryParams: { x: '1', only: 'a' },
      rawHeaders: [
        ['X-GitHub-Event', 'push'],
        ['Accept', '*/*'],
        ['X-Retry', '1'],
      ],
    });
    const b = event({
      method: 'PUT',
      path: '/gitlab',
      queryParams: { x: '2' },
      rawHeaders: [
        ['accept', '*/*'],
        ['x-retry', '2'],
        ['X-Retry', '3'],
        ['X-Gitlab-Event', 'Push Hook'],
      ],
    });
    expect(compareEvents(a, b)).toEqual({
      same: false,
      method: { a: 'POST', b: 'PUT' },
      path: { a: '/github', b: '/gitlab' },
      query: {
        onlyInA: [{ name: 'only', a: 'a', b: null }],
        onlyInB: [],
        different: [{ name: 'x', a: '1', b: '2' }],
      },
      headers: {
        onlyInA: [{ name: 'X-GitHub-Event', a: 'push', b: null }],
        onlyInB: [{ name: 'X-Gitlab-Event', a: null, b: 'Push Hook' }],
        different: [{ name: 'X-Retry', a: '1', b: ['2', '3'] }],
      },
      body: { same: true },
    });
  });

  it('compares JSON bodies field by field, and other bodies where the text first differs', () => {
    const a = event({ body: '{"order":{"id":7,"items":[1,2]},"paid":false}' });
    const b = event({ body: '{"order":{"id":7,"items":[1,3,4]},"note":"x"}' });
    expect(compareEvents(a, b).body).toEqual({
      same: false,
      kind: 'json',
      differences: [
        { path: 'order.items[1]', a: 2, b: 3 },
        { path: 'order.items[2]', a: undefined, b: 4 },
        { path: 'paid', a: false, b: undefined },
        { path: 'note', a: undefined, b: 'x' },
      ],
      more: 0,
    });
    expect(
      compareEvents(event({ body: 'line one\nline two' }), event({ body: 'line one\nline 2' })).body,
    ).toEqual({
      same: false,
      kind: 'text',
      lengthA: 17,
      lengthB: 15,
      firstDifferenceAt: 14,
      line: 2,
      a: 'line one\nline two',
      b: 'line one\nline 2',
    });
    // The same data written differently is still a different body.
    expect(compareEvents(event({ body: '{"a":1}' }), event({ body: '{ "a": 1 }' })).body).toMatchObject({
      kind: 'text',
      firstDifferenceAt: 1,
    });
  });

  it('lists at most a hundred differences and counts the rest', () => {
    const many = (value: number) => JSON.stringify(Array.from({ length: 150 }, () => value));
    const body = compareEvents(event({ body: many(1) }), event({ body: many(2) })).body;
    expect(body).toMatchObject({ kind: 'json', more: 50 });
    expect(body.same === false && body.kind === 'json' && body.differences).toHaveLength(MAX_DIFFERENCES);
    expect(jsonDifferences(1, '1')).toEqual([{ path: '(the whole body)', a: 1, b: '1' }]);
  });
});
