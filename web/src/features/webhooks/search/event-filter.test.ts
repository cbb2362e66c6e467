import { describe, expect, it } from 'vitest';
import { OTHER_METHODS } from '../../../../../shared/event-search';
import { makeEvent } from '../test-events';
import { countLabel, emptySearch, eventMatches, toEventsFilter, toggleChip } from './event-filter';

describe('toEventsFilter', () => {
  it('sends nothing for an empty search and no chips', () => {
    expect(toEventsFilter(emptySearch)).toEqual({});
    expect(toEventsFilter({ text: '   ', chips: [] })).toEqual({});
  });

  it('sends the text as typed and the chips as methods, Other as every other method', () => {
    expect(toEventsFilter({ text: ' 100% ', chips: ['POST', 'DELETE'] })).toEqual({
      q: ' 100% ',
      method: ['POST', 'DELETE'],
    });
    expect(toEventsFilter({ text: '', chips: ['OTHER'] })).toEqual({ method: OTHER_METHODS });
  });
});

describe('toggleChip', () => {
  it('turns a chip on, then off again', () => {
    expect(toggleChip([], 'PUT')).toEqual(['PUT']);
    expect(toggleChip(['GET', 'PUT'], 'PUT')).toEqual(['GET']);
  });
});

describe('eventMatches', () => {
  const event = makeEvent(1, {
    method: 'OPTIONS',
    path: '/hooks',
    rawHeaders: [['X-Event', 'Order.Created']],
    body: '{"total":12}',
  });

  it('matches a live request by the same rule as the server', () => {
    expect(eventMatches(event, {})).toBe(true);
    expect(eventMatches(event, { q: 'order.created' })).toBe(true);
    expect(eventMatches(event, { q: '"TOTAL"' })).toBe(true);
    expect(eventMatches(event, { q: 'refund' })).toBe(false);
    expect(eventMatches(event, toEventsFilter({ text: '', chips: ['OTHER'] }))).toBe(true);
    expect(eventMatches(event, toEventsFilter({ text: 'hooks', chips: ['GET', 'POST'] }))).toBe(false);
  });

  it('does not look into a body sent as base64', () => {
    const binary = makeEvent(2, { body: btoa('needle'), bodyEncoding: 'base64' });
    expect(eventMatches(binary, { q: 'needle' })).toBe(false);
  });
});

describe('countLabel', () => {
  it('reads "N of M" once counted under a filter, else the number listed', () => {
    expect(countLabel(340, null, true)).toBe('340');
    expect(countLabel(100, { matching: 12, total: 340 }, true)).toBe('12 of 340');
    expect(countLabel(100, { matching: 1200, total: 34000 }, true)).toBe('1,200 of 34,000');
  });

  it('without a filter, reads every request of the session, not only the page loaded', () => {
    expect(countLabel(100, { matching: 282, total: 282 }, false)).toBe('282');
    expect(countLabel(100, { matching: 12000, total: 12000 }, false)).toBe('12,000');
    expect(countLabel(100, null, false)).toBe('100');
  });
});
