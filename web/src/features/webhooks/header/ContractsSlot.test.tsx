import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_REQUEST, WEBHOOKS_CLEARED } from '../../../../../shared/realtime';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { ContractsControl } from '../../contracts/ContractsControl';
import { fakeSession, fakeSocket, renderWithProviders, stubFetch } from '../../../test/render';
import { makeEvent } from '../test-events';
import { WebhookPage } from '../WebhookPage';

const judged = (id: number, status: 'pass' | 'fail'): WebhookEvent =>
  makeEvent(id, {
    verdicts: {
      contract:
        status === 'pass'
          ? { status, contractId: 'c1', contractName: 'Orders' }
          : { status, contractId: 'c1', contractName: 'Orders', violations: [] },
    },
  });

/** A server holding `events` that answers the list, the counts (by the contract:fail token), deletes and Clear all. */
function stubApi(initial: WebhookEvent[]) {
  let store = [...initial].sort((a, b) => b.id - a.id);
  stubFetch(({ method, path, search }) => {
    if (method === 'GET' && path === '/api/events') return { status: 200, body: store };
    if (method === 'GET' && path === '/api/events/count') {
      const failing = new URLSearchParams(search).get('q') === 'contract:fail';
      const counted = store.filter((event) => !failing || event.verdicts.contract?.status === 'fail');
      return {
        status: 200,
        body: { matching: counted.length, total: store.length, newestId: store[0]?.id ?? 0 },
      };
    }
    const deleted = /^\/api\/events\/(\d+)$/.exec(path);
    if (method === 'DELETE' && deleted) {
      store = store.filter((event) => event.id !== Number(deleted[1]));
      return { status: 200, body: { ok: true } };
    }
    if (method === 'DELETE' && path === '/api/events') {
      const upTo = store[0]?.id ?? 0;
      store = [];
      return { status: 200, body: { deleted: 0, upTo } };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
  return { add: (event: WebhookEvent) => (store = [event, ...store]) };
}

/** The page with a stand-in for the Contracts button that shows what it is given. */
function renderPage() {
  const { socket, fire } = fakeSocket();
  renderWithProviders(
    <WebhookPage
      contractsControl={(slot) => (
        <output data-testid="slot">{`${slot.failing ?? '…'} failing; chosen ${slot.chosenIds.join(',')}`}</output>
      )}
    />,
    { route: '/webhook', session: fakeSession(), socket },
  );
  return fire;
}

const slot = () => screen.getByTestId('slot');
const row = (path: string) =>
  within(screen.getByRole('list', { name: 'Requests' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(path)) as HTMLElement;

beforeEach(() => vi.stubGlobal('Notification', undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the Contracts button's failing count and chosen requests", () => {
  it('counts failing requests live: new ones arriving, deletes and Clear all', async () => {
    const api = stubApi([judged(1, 'pass'), judged(2, 'fail')]);
    const fire = renderPage();
    await waitFor(() => expect(slot()).toHaveTextContent('1 failing; chosen 2'));

    for (const event of [judged(3, 'fail'), judged(4, 'pass'), makeEvent(5)]) {
      api.add(event);
      fire(WEBHOOK_REQUEST, event);
    }
    fire(WEBHOOK_REQUEST, judged(3, 'fail')); // the same event twice counts once
    expect(slot()).toHaveTextContent('2 failing; chosen 2');

    fireEvent.click(within(row('/hook-3')).getByRole('button', { name: 'Delete request' }));
    await waitFor(() => expect(slot()).toHaveTextContent('1 failing'));
    fireEvent.click(within(row('/hook-4')).getByRole('button', { name: 'Delete request' }));
    await waitFor(() => expect(screen.queryByText('/hook-4')).toBeNull());
    expect(slot()).toHaveTextContent('1 failing');

    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(slot()).toHaveTextContent('0 failing'));
    fire(WEBHOOK_REQUEST, judged(9, 'fail'));
    fire(WEBHOOKS_CLEARED, { upTo: 9 });
    await waitFor(() => expect(slot()).toHaveTextContent('0 failing'));
  });

  it('offers the requests picked with Compare, else the one open in the details', async () => {
    stubApi([judged(1, 'pass'), judged(2, 'fail'), judged(3, 'pass')]);
    renderPage();
    await waitFor(() => expect(slot()).toHaveTextContent('chosen 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    fireEvent.click(within(row('/hook-1')).getByRole('checkbox'));
    fireEvent.click(within(row('/hook-2')).getByRole('checkbox'));
    expect(slot()).toHaveTextContent('chosen 1,2');
  });

  it('the button reads the count it is given', () => {
    stubFetch(() => ({ status: 200, body: { contracts: [] } }));
    render(<ContractsControl sessionId="s" filter={{}} chosenIds={[]} failing={3} />);
    return waitFor(() => {
      const button = screen.getByRole('button', { name: /^Contracts/ });
      expect(button).toHaveTextContent('Contracts:3 ✗3 failing');
      expect(button.title).toMatch(/^Contracts: none · 3 failing\./);
    });
  });
});
