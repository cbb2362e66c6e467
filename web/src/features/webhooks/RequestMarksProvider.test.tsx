import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { RequestMarksProvider, type RequestMarks } from './RequestMarksProvider';
import { makeEvent } from './test-events';
import { useRequestMarks } from './useRequestMarks';

const github = (id: number, delivery: string) =>
  makeEvent(id, { headers: { 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': delivery } });

/** Renders the provider around a row stand-in that records each marks value it renders with. */
function renderMarks(events: WebhookEvent[]) {
  const seen: RequestMarks[] = [];
  function Row() {
    const marks = useRequestMarks();
    useEffect(() => {
      seen.push(marks);
    });
    return null;
  }
  // The same element each time, as a memoised row is: it renders again only when the marks change.
  const row = <Row />;
  const view = render(<RequestMarksProvider events={events}>{row}</RequestMarksProvider>);
  const update = (next: WebhookEvent[]) =>
    view.rerender(<RequestMarksProvider events={next}>{row}</RequestMarksProvider>);
  const latest = () => seen[seen.length - 1] as RequestMarks;
  return { seen, update, latest };
}

describe('RequestMarksProvider', () => {
  afterEach(cleanup);

  it('keeps the marks as they were when a new request changes none of them', () => {
    const events = [github(2, 'd-1'), github(1, 'd-1')];
    const { seen, update, latest } = renderMarks(events);
    expect([...latest().redeliveries]).toEqual([2]);
    act(() => latest().togglePick(1));
    expect(latest().picked).toEqual([1]);
    const before = latest();

    update([makeEvent(3), ...events]);
    update([makeEvent(4), makeEvent(3), ...events]);
    expect(seen).toHaveLength(2);
    expect(latest()).toBe(before);
  });

  it('gives new marks when a redelivery arrives or a picked request is deleted', () => {
    const events = [github(2, 'd-1'), github(1, 'd-1')];
    const { update, latest } = renderMarks(events);
    act(() => latest().togglePick(1));
    const picked = latest().picked;

    update([github(3, 'd-1'), ...events]);
    expect([...latest().redeliveries].sort()).toEqual([2, 3]);
    expect(latest().picked).toBe(picked);

    update([github(3, 'd-1'), github(2, 'd-1')]);
    expect(latest().picked).toEqual([]);
  });
});
