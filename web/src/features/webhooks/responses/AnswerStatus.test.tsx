import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { fakeSession, renderWithProviders, stubFetch } from '../../../test/render';
import { makeEvent } from '../test-events';
import { WebhookPage } from '../WebhookPage';

function renderPage(events: WebhookEvent[]) {
  stubFetch(({ path }) => {
    if (path === '/api/events') return { status: 200, body: events };
    if (path === '/api/responses') return { status: 200, body: { rules: [] } };
    return { status: 404, body: { error: 'Not found' } };
  });
  renderWithProviders(<WebhookPage />, { route: '/webhook', session: fakeSession() });
}

const requestList = () => screen.getByRole('list', { name: 'Requests' });

beforeEach(() => {
  vi.stubGlobal('Notification', undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the answer each request got', () => {
  it('shows each status in the list, coloured by class, and … while a forwarder’s answer is awaited', async () => {
    renderPage([
      makeEvent(5, { response: { status: null, source: 'forwarder' } }),
      makeEvent(4, { response: { status: 200, source: 'rule' } }),
      makeEvent(3, { response: { status: 429, source: 'rule' } }),
      makeEvent(2, { response: { status: 500, source: 'rule' } }),
      makeEvent(1, { response: { status: 302, source: 'forwarder' } }),
    ]);
    await within(await screen.findByRole('list', { name: 'Requests' })).findAllByRole('listitem');
    const statuses = within(requestList()).getAllByTestId('answer-status');
    expect(statuses.map((status) => status.textContent)).toEqual(['…', '200', '429', '500', '302']);
    expect(statuses.map((status) => status.className.match(/text-bg-(\w+)/)?.[1])).toEqual([
      'secondary',
      'success',
      'warning',
      'danger',
      'info',
    ]);
    expect(statuses[0]).toHaveAttribute('title', 'Waiting for the forwarder’s answer');
    expect(statuses[3]).toHaveAttribute('title', 'Answered 500');
  });

  it('the details say what answered', async () => {
    renderPage([
      makeEvent(2, { response: { status: 500, source: 'rule', rule: 2 } }),
      makeEvent(1, { response: { status: 200, source: 'default' } }),
    ]);
    const info = () => within(screen.getByRole('region', { name: 'Request Info' }));
    expect(await screen.findByRole('region', { name: 'Request Info' })).toBeInTheDocument();
    expect(info().getByRole('row', { name: /Answer/ })).toHaveTextContent('AnswerAnswered 500 by rule 2');
    fireEvent.click(within(requestList()).getByTitle('/hook-1'));
    expect(info().getByRole('row', { name: /Answer/ })).toHaveTextContent('AnswerDefault answer');
  });
});
