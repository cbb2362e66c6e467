import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { fakeSession, renderWithProviders, stubFetch } from '../../../test/render';
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

const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Requests' })).getByRole('checkbox', { name: `Compare ${name}` });

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

  it('shows what differs between two picked requests, and goes back to the details when closed', async () => {
    renderPageWith([
      delivery(1, 'd-1', '{"action":"opened","number":1}'),
      makeEvent(2, {
        path: '/other',
        rawHeaders: [['X-Attempt', '9']],
        body: '{"number":2, "action":"opened"}',
      }),
    ]);
    await screen.findByRole('checkbox', { name: 'Compare /other' });
    fireEvent.click(row('/other'));
    expect(
      screen.getByText('One request picked for comparison: pick another one in the list.'),
    ).toBeInTheDocument();
    fireEvent.click(row('/github'));

    const comparison = screen.getByRole('article', { name: 'Comparing request #1 with #2' });
    const headerRows = within(within(comparison).getByRole('region', { name: 'Header differences' }))
      .getAllByRole('row')
      .map((tr) => Array.from(tr.children, (cell) => cell.textContent));
    expect(headerRows).toEqual([
      ['Name', 'Change', '#1', '#2'],
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
    expect(screen.queryByRole('article', { name: 'Comparing request #1 with #2' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Request details' })).toBeInTheDocument();
    expect(row('/github')).not.toBeChecked();
  });
});
