import { describe, expect, it } from 'vitest';
import {
  filterParams,
  isFiltering,
  matchesFilter,
  parseSearchText,
  requestContains,
  type SearchableRequest,
} from './event-search.js';
import type { EventVerdicts } from './verdicts.js';

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

describe('verdict tokens', () => {
  it('takes sig: and contract: tokens out of the text, in any case, the last of a kind counting', () => {
    expect(parseSearchText('sig:valid')).toEqual({ text: '', signature: 'valid' });
    expect(parseSearchText('invoice  SIG:Invalid paid contract:fail')).toEqual({
      text: 'invoice paid',
      signature: 'invalid',
      contract: 'fail',
    });
    expect(parseSearchText('sig:none contract:pass contract:none')).toEqual({
      text: '',
      signature: 'none',
      contract: 'none',
    });
    expect(parseSearchText('sig:maybe contract:valid xsig:valid')).toEqual({
      text: 'sig:maybe contract:valid xsig:valid',
    });
  });

  const valid: EventVerdicts = {
    signature: { status: 'valid', secretId: 's1', secretName: 'Stripe', scheme: 'stripe' },
  };
  const invalid: EventVerdicts = {
    signature: {
      status: 'invalid',
      secretId: 's1',
      secretName: 'Stripe',
      scheme: 'stripe',
      reason: 'missing',
      message: 'The request has no Stripe-Signature header.',
    },
    contract: { status: 'fail', contractId: 'c1', contractName: 'Invoice', violations: [] },
  };

  it('matches the stored verdicts, none meaning not judged, combined with plain text', () => {
    const judged = (verdicts: EventVerdicts) => ({ ...request, verdicts });
    expect(matchesFilter(judged(valid), { q: 'sig:valid' })).toBe(true);
    expect(matchesFilter(judged(valid), { q: 'sig:invalid' })).toBe(false);
    expect(matchesFilter(judged(invalid), { q: 'sig:invalid contract:fail' })).toBe(true);
    expect(matchesFilter(judged(invalid), { q: 'contract:pass' })).toBe(false);
    expect(matchesFilter(judged({}), { q: 'sig:none contract:none' })).toBe(true);
    expect(matchesFilter(judged(valid), { q: 'sig:none' })).toBe(false);
    expect(matchesFilter(judged(valid), { q: 'contract:none zürich' })).toBe(true);
    expect(matchesFilter(judged(valid), { q: 'sig:valid nowhere' })).toBe(false);
    expect(matchesFilter(request, { q: 'sig:none' })).toBe(true);
  });
});
