import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchesFilter, type EventsFilter } from '../../../../../shared/event-search';
import { WEBHOOK_REQUEST } from '../../../../../shared/realtime';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { fakeSession, fakeSocket, renderWithProviders, SESSION_ID, stubFetch } from '../../../test/render';
import { storeSession } from '../../../lib/storage';
import { makeEvent } from '../test-events';
import { WebhookPage } from '../WebhookPage';

function filterOf(params: URLSearchParams): EventsFilter {
  return {
    q: params.get('q') ?? undefined,
    method: params.get('method')?.split(','),
  };
}

const matches = (event: WebhookEvent, filter: EventsFilter) =>
  matchesFilter({ ...event, createdAt: Date.parse(event.timestamp), bodyText: event.body }, filter);

/** A server holding `events` that answers the list, the count and deletes with the search filters. */
function stubSearchApi(initial: WebhookEvent[]) {
  let store = [...initial].sort((a, b) => b.id - a.id);
  const calls = stubFetch(({ method, path, search }) => {
    const params = new URLSearchParams(search);
    const filter = filterOf(params);
    if (method === 'GET' && path === '/api/events') {
      return { status: 200, body: store.filter((event) => matches(event, filter)).slice(0, 100) };
    }
    if (method === 'GET' && path === '/api/events/count') {
      return {
        status: 200,
        body: {
          matching: store.filter((event) => matches(event, filter)).length,
          total: store.length,
          newestId: store[0]?.id ?? 0,
        },
      };
    }
    const deleted = /^\/api\/events\/(\d+)$/.exec(path);
    if (method === 'DELETE' && deleted) {
      store = store.filter((event) => event.id !== Number(deleted[1]));
      return { status: 200, body: { ok: true } };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
  return {
    requests: () => calls.map((call) => `${call.method} ${call.path}${decodeURIComponent(call.search)}`),
    add: (event: WebhookEvent) => {
      store = [event, ...store];
    },
  };
}

const EVENTS = [
  makeEvent(1, { path: '/invoices', body: '{"type":"invoice.paid"}' }),
  makeEvent(2, { path: '/customers', method: 'PUT', body: '{"type":"customer.created"}' }),
  makeEvent(3, { path: '/ping', method: 'OPTIONS' }),
];

const countBadge = () => screen.getByTestId('request-count');
const searchBox = () => screen.getByRole('searchbox', { name: 'Search requests' });
const listedPaths = () =>
  within(screen.getByRole('list', { name: 'Requests' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('span.request-path')?.textContent);
const selectedPath = () =>
  within(screen.getByRole('list', { name: 'Requests' }))
    .getByRole('button', { current: true })
    .querySelector('span.request-path')?.textContent;

function renderPage() {
  const { socket, fire } = fakeSocket();
  renderWithProviders(<WebhookPage />, { route: '/webhook', session: fakeSession(), socket });
  return fire;
}

beforeEach(() => {
  vi.stubGlobal('Notification', undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.title = '';
  localStorage.clear();
});

describe('searching in the Webhook Inspector', () => {
  it('lists the matches of the search text, and the badge reads "N of M"', async () => {
    const api = stubSearchApi(EVENTS);
    renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('3'));
    fireEvent.change(searchBox(), { target: { value: 'Invoice' } });
    await waitFor(() => expect(listedPaths()).toEqual(['/invoices']));
    await waitFor(() => expect(countBadge()).toHaveTextContent('1 of 3'));
    expect(api.requests()).toContain('GET /api/events?q=Invoice&limit=100');
    expect(api.requests()).toContain('GET /api/events/count?q=Invoice');
    fireEvent.keyDown(searchBox(), { key: 'Escape' });
    expect(searchBox()).toHaveValue('');
    await waitFor(() => expect(countBadge()).toHaveTextContent('3'));
  });

  it('a search with no match says so, not "waiting", and offers to clear the search', async () => {
    stubSearchApi(EVENTS);
    renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('3'));
    fireEvent.click(screen.getByRole('button', { name: 'PUT' }));
    fireEvent.change(searchBox(), { target: { value: 'nothing like this' } });
    expect(await screen.findByRole('heading', { name: 'No request matches the search' })).toBeInTheDocument();
    expect(screen.queryByText('Webhook Inspector is waiting')).toBeNull();
    const clears = screen.getAllByRole('button', { name: 'Clear search' });
    expect(clears).toHaveLength(2); // in the list and in the details
    fireEvent.click(clears[0] as HTMLElement);
    await waitFor(() => expect(listedPaths()).toEqual(['/ping', '/customers', '/invoices']));
    expect(searchBox()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'PUT' })).toHaveAttribute('aria-pressed', 'false');
    expect(countBadge()).toHaveTextContent('3');
  });

  it('the Other chip asks for every method but the five common ones', async () => {
    const api = stubSearchApi(EVENTS);
    renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('3'));
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    await waitFor(() => expect(listedPaths()).toEqual(['/ping']));
    expect(screen.getByRole('button', { name: 'Other' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.requests().at(-1)).toMatch(/method=ACL,BIND,.*,OPTIONS,.*,UNSUBSCRIBE/);
  });

  it('counts live requests that do not match under the search box instead of listing them', async () => {
    stubSearchApi(EVENTS);
    const fire = renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('3'));
    fireEvent.click(screen.getByRole('button', { name: 'PUT' }));
    await waitFor(() => expect(countBadge()).toHaveTextContent('1 of 3'));
    fire(WEBHOOK_REQUEST, makeEvent(4, { method: 'POST', path: '/hidden' }));
    fire(WEBHOOK_REQUEST, makeEvent(5, { method: 'GET', path: '/hidden-too' }));
    expect(screen.getByTestId('hidden-new')).toHaveTextContent('2 new, hidden by the filter');
    fire(WEBHOOK_REQUEST, makeEvent(6, { method: 'PUT', path: '/shown' }));
    await waitFor(() => expect(listedPaths()).toEqual(['/shown', '/customers']));
    expect(countBadge()).toHaveTextContent('2 of 6');
    // Another filter starts counting afresh.
    fireEvent.click(screen.getByRole('button', { name: 'GET' }));
    await waitFor(() => expect(screen.queryByTestId('hidden-new')).toBeNull());
  });

  it('exports with the filters in force, the session in the link', async () => {
    stubSearchApi(EVENTS);
    storeSession(SESSION_ID);
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'DELETE' }));
    fireEvent.change(searchBox(), { target: { value: '100%' } });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'NDJSON' })).toHaveAttribute(
        'href',
        `${window.location.origin}/api/events/export?format=ndjson&q=100%25&method=DELETE&sessionId=${SESSION_ID}`,
      ),
    );
    expect(screen.getByRole('link', { name: 'HAR' }).getAttribute('href')).toContain('format=har');
  });

  it('j/k move the selection and Delete deletes the selected request, not while typing', async () => {
    const api = stubSearchApi(EVENTS);
    renderPage();
    await waitFor(() => expect(selectedPath()).toBe('/ping'));
    fireEvent.keyDown(window, { key: 'j' });
    expect(selectedPath()).toBe('/customers');
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(selectedPath()).toBe('/invoices');
    fireEvent.keyDown(window, { key: 'k' });
    expect(selectedPath()).toBe('/customers');
    fireEvent.keyDown(searchBox(), { key: 'j' });
    expect(selectedPath()).toBe('/customers');
    fireEvent.keyDown(window, { key: 'Delete' });
    await waitFor(() => expect(listedPaths()).toEqual(['/ping', '/invoices']));
    expect(api.requests()).toContain('DELETE /api/events/2');
    fireEvent.keyDown(window, { key: '/' });
    expect(document.activeElement).toBe(searchBox());
  });

  it('Delete shows the usual alert when the delete fails', async () => {
    stubFetch(({ method }) =>
      method === 'DELETE'
        ? { status: 500, body: { error: 'Database unavailable' } }
        : { status: 200, body: EVENTS.slice(0, 1) },
    );
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderPage();
    await waitFor(() => expect(selectedPath()).toBe('/invoices'));
    fireEvent.keyDown(window, { key: 'Delete' });
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to delete webhook request. Please try again.'),
    );
  });

  it('counts requests arriving while the tab is hidden in the title', async () => {
    stubSearchApi([]);
    const fire = renderPage();
    await waitFor(() => expect(document.title).toBe('Webhook Inspector – Hookbay'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fire(WEBHOOK_REQUEST, makeEvent(1));
    fire(WEBHOOK_REQUEST, makeEvent(2));
    expect(document.title).toBe('(2) Webhook Inspector – Hookbay');
    visibility.mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    expect(document.title).toBe('Webhook Inspector – Hookbay');
    fire(WEBHOOK_REQUEST, makeEvent(3));
    expect(document.title).toBe('Webhook Inspector – Hookbay');
  });
});
