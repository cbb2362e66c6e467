import { describe, expect, it } from 'vitest';
import {
  filterParams,
  isFiltering,
  matchesFilter,
  requestContains,
  type SearchableRequest,
} from './event-search.js';

const request: SearchableRequest & { method: string; createdAt: number } = {
  method: 'POST',
  createdAt: Date.parse('2026-01-31T10:00:00Z'),
  path: '/Stripe/Events',
  queryString: 'attempt=2&tag=a%20b',
  rawHeaders: [
    ['Content-Type', 'application/json'],
    ['X-Note', 'say "hi", 100%'],
  ],
  bodyText: '{"type":"Invoice.Paid","city":"Zürich"}',
};

describe('requestContains', () => {
  it.each([
    ['the path', '/stripe/ev'],
    ['the query string as sent', 'tag=a%20b'],
    ['a header name', 'content-type'],
    ['a header value', '"hi", 100%'],
    ['the body', 'invoice.paid'],
    ['non-ASCII letters in the body', 'zürich'],
  ])('finds text in %s, in any case', (_part, needle) => {
    expect(requestContains(request, needle.toLowerCase())).toBe(true);
  });

  it('finds nothing across two parts, and nothing in a body that is not text', () => {
    expect(requestContains(request, 'content-type: application')).toBe(false);
    expect(requestContains(request, 'events?attempt')).toBe(false);
    expect(requestContains({ ...request, bodyText: null }, 'invoice')).toBe(false);
  });
});

describe('matchesFilter', () => {
  it('applies every filter given, all of them together', () => {
    expect(matchesFilter(request, {})).toBe(true);
    expect(matchesFilter(request, { q: 'INVOICE', method: ['GET', 'POST'] })).toBe(true);
    expect(matchesFilter(request, { q: 'INVOICE', method: ['GET'] })).toBe(false);
    expect(matchesFilter(request, { q: 'refund' })).toBe(false);
    expect(matchesFilter({ ...request, method: 'post' }, { method: ['POST'] })).toBe(true);
  });

  it('takes from as inclusive and to as exclusive', () => {
    expect(matchesFilter(request, { from: '2026-01-31T10:00:00Z' })).toBe(true);
    expect(matchesFilter(request, { from: '2026-01-31T10:00:00.001Z' })).toBe(false);
    expect(matchesFilter(request, { to: '2026-01-31T10:00:00Z' })).toBe(false);
    expect(matchesFilter(request, { to: '2026-01-31T12:00:00+02:00' })).toBe(false);
    expect(matchesFilter(request, { to: '2026-01-31T11:00:00+01:00' })).toBe(false);
    expect(matchesFilter(request, { from: '2026-01-31', to: '2026-02-01' })).toBe(true);
  });
});

describe('filterParams and isFiltering', () => {
  it('writes only the filters given, methods as a comma list', () => {
    expect(filterParams({})).toEqual({});
    expect(isFiltering({})).toBe(false);
    expect(isFiltering({ q: '' })).toBe(false);
    const filter = { q: 'a b', method: ['GET', 'PUT'], from: '2026-01-01', to: '2026-02-01' };
    expect(filterParams(filter)).toEqual({
      q: 'a b',
      method: 'GET,PUT',
      from: '2026-01-01',
      to: '2026-02-01',
    });
    expect(isFiltering({ method: ['GET'] })).toBe(true);
  });
});
