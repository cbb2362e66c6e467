import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { fakeSession, renderWithProviders, stubFetch } from '../../../test/render';
import { formatDateTime } from '../../../lib/format';
import { makeEvent } from '../test-events';
import { WebhookPage } from '../WebhookPage';

function renderPageWith(events: WebhookEvent[]) {
  stubFetch(({ method, path }) =>
    method === 'GET' && path === '/api/events'
      ? { status: 200, body: [...events].sort((a, b) => b.id - a.id) }
      : { status: 404, body: { error: 'Not found' } },
  );
  return renderWithProviders(<WebhookPage />, { route: '/webhook', session: fakeSession() });
}

const delivery = (id: number, deliveryId: string, body: string) =>
  makeEvent(id, {
    path: '/github',
    headers: { 'X-GitHub-Event': 'issues', 'X-GitHub-Delivery': deliveryId },
    rawHeaders: [
      ['X-GitHub-Event', 'issues'],
      ['X-GitHub-Delivery', deliveryId],
      ['X-Attempt', String(id)],
    ],
    body,
    payload: JSON.parse(body) as unknown,
    size: body.length,
  });

const row = (name: string | RegExp) =>
  within(screen.getByRole('list', { name: 'Requests' })).getByRole('checkbox', {
    name: typeof name === 'string' ? new RegExp(`^Compare POST ${name} · `) : name,
  });

beforeEach(() => {
  vi.stubGlobal('Notification', undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('recognising senders and comparing requests on the Webhook Inspector', () => {
  it('badges the provider and event type, and marks a repeated delivery as a redelivery', async () => {
    renderPageWith([
      delivery(1, 'd-1', '{"action":"opened"}'),
      delivery(2, 'd-1', '{"action":"opened"}'),
      makeEvent(3, { path: '/plain' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Requests' });
    expect(await within(list).findAllByText('GitHub')).toHaveLength(2);
    expect(within(list).getAllByText('issues.opened')).toHaveLength(2);
    // Only the later of the two carries the mark.
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByText('Redelivery') !== null)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('offers comparing behind a labelled Compare button, which shows a checkbox on each row', async () => {
    renderPageWith([makeEvent(1, { path: '/one' }), makeEvent(2, { path: '/two' })]);
    const list = await screen.findByRole('list', { name: 'Requests' });
    await within(list).findByText('/two');
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    const compare = screen.getByRole('button', { name: 'Compare' });
    expect(compare).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(compare);
    expect(compare).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Tick two requests to compare them.')).toBeInTheDocument();
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(row('/one'));
    expect(screen.getByText('Tick one more request to compare.')).toBeInTheDocument();
    // Turned off, the picks go with it.
    fireEvent.click(compare);
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(compare);
    expect(row('/one')).not.toBeChecked();
  });

  it('shows what differs between two picked requests, and goes back to the details when closed', async () => {
    renderPageWith([
      delivery(1, 'd-1', '{"action":"opened","number":1}'),
      makeEvent(2, {
        path: '/other',
        rawHeaders: [['X-Attempt', '9']],
        body: '{"number":2, "action":"opened"}',
      }),
    ]);
    await within(await screen.findByRole('list', { name: 'Requests' })).findByText('/other');
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    fireEvent.click(row('/other'));
    fireEvent.click(row('/github'));

    const comparison = screen.getByRole('article', { name: 'Comparing two requests' });
    // Named the way the list shows them: method, path, time and id.
    const time = new Date('2024-05-01T10:00:00.000Z');
    const when =
      time.toDateString() === new Date().toDateString()
        ? time.toLocaleTimeString()
        : formatDateTime(time.toISOString());
    expect(within(comparison).getByText(`POST /github · ${when} · #1`)).toBeInTheDocument();
    expect(within(comparison).getByText(`POST /other · ${when} · #2`)).toBeInTheDocument();
    const headerRows = within(within(comparison).getByRole('region', { name: 'Header differences' }))
      .getAllByRole('row')
      .map((tr) => Array.from(tr.children, (cell) => cell.textContent));
    expect(headerRows).toEqual([
      ['Name', 'Change', 'Older #1', 'Newer #2'],
      ['X-GitHub-Event', 'Removed', 'issues', '(none)'],
      ['X-GitHub-Delivery', 'Removed', 'd-1', '(none)'],
      ['X-Attempt', 'Changed', '1', '9'],
    ]);
    expect(Array.from(screen.getByTestId('body-diff').children, (line) => line.textContent)).toEqual([
      '  {',
      '    "action": "opened",',
      '-   "number": 1',
      '+   "number": 2',
      '  }',
    ]);
    expect(screen.getByText('Compared as JSON: keys sorted, pretty-printed.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Close comparison' }));
    expect(screen.queryByRole('article', { name: 'Comparing two requests' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Request details' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Requests' })).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Compare' })).toHaveAttribute('aria-pressed', 'false');
  });
});
