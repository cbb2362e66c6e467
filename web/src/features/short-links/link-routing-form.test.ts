import { describe, expect, it } from 'vitest';
import { hasRouting, routingBodyOf, routingDraftOf } from './link-routing-form';
import { makeUrl } from './test-data';

describe('the redirect and fallback fields', () => {
  it('send nothing for a new link left as it is, and what was set otherwise', () => {
    expect(routingBodyOf(routingDraftOf(null), null)).toEqual({});
    expect(
      routingBodyOf(
        { redirectStatus: 301, fallbackUrl: ' https://example.com/sorry ', startsAt: '2030-01-31T18:00' },
        null,
      ),
    ).toEqual({
      redirectStatus: 301,
      fallbackUrl: 'https://example.com/sorry',
      startsAt: new Date('2030-01-31T18:00').toISOString(),
    });
  });

  it('send only the changes on edit, and null for a cleared field', () => {
    const link = makeUrl({ id: 'abc1234', redirectStatus: 308, fallbackUrl: 'https://example.com/f' });
    expect(hasRouting(link)).toBe(true);
    expect(hasRouting(makeUrl({ id: 'plain12' }))).toBe(false);
    const draft = routingDraftOf(link);
    expect(routingBodyOf(draft, link)).toEqual({});
    expect(routingBodyOf({ ...draft, redirectStatus: 302, fallbackUrl: '' }, link)).toEqual({
      redirectStatus: 302,
      fallbackUrl: null,
    });
  });
});
