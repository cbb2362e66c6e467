import { describe, expect, it } from 'vitest';
import { makeEvent } from '../test-events';
import { findRedeliveries, originOf } from './origin';

const github = (id: number, delivery: string) =>
  makeEvent(id, { headers: { 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': delivery } });

describe('findRedeliveries', () => {
  it('marks every later request carrying a delivery id seen before, whatever the list order', () => {
    const events = [github(5, 'd-1'), makeEvent(4), github(3, 'd-2'), github(2, 'd-1'), github(1, 'd-1')];
    expect(findRedeliveries(events)).toEqual(new Set([2, 5]));
  });

  it('keeps providers apart and ignores requests without a delivery id', () => {
    const stripe = makeEvent(3, { headers: { 'Stripe-Signature': 't=1,v1=a' }, payload: { id: 'd-1' } });
    const bare = makeEvent(4, { headers: { 'X-GitHub-Event': 'push' } });
    const bareAgain = makeEvent(5, { headers: { 'X-GitHub-Event': 'push' } });
    expect(findRedeliveries([bareAgain, bare, stripe, github(1, 'd-1')])).toEqual(new Set());
  });
});

describe('originOf', () => {
  it('recognises the sender from the headers and parsed body', () => {
    const event = makeEvent(1, {
      headers: { 'X-GitHub-Event': 'issues', 'X-GitHub-Delivery': 'abc' },
      payload: { action: 'opened' },
    });
    expect(originOf(event)).toEqual({ provider: 'github', eventType: 'issues.opened', deliveryId: 'abc' });
    expect(originOf(event)).toBe(originOf(event));
  });
});
