import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_REQUEST } from '../../../../shared/realtime';
import type { WebhookEvent } from '../../../../shared/webhooks';
import type { AppSocket } from '../../lib/socket';
import type { SessionState } from '../../session/SessionProvider';
import { fakeSession, fakeSocket, renderWithProviders, SESSION_ID, stubFetch } from '../../test/render';
import { DetailArea } from './components/DetailArea';
import { makeEvent, makeEvents } from './test-events';
import type { WebhookEventsView } from './useWebhookEvents';
import { WebhookPage } from './WebhookPage';

/** A server holding `events`: pages newest first like GET /api/events, and DELETE hides one. */
function stubApi(initial: WebhookEvent[], options: { failDelete?: boolean } = {}) {
  let store = [...initial].sort((a, b) => b.id - a.id);
  const calls = stubFetch(({ method, path, search }) => {
    if (method === 'GET' && path === '/api/events') {
      const params = new URLSearchParams(search);
      const number = (name: string) => (params.has(name) ? Number(params.get(name)) : undefined);
      const after = number('after') ?? 0;
      const before = number('before') ?? Infinity;
      const page = store
        .filter((event) => event.id > after && event.id < before)
        .slice(0, number('limit') ?? 100);
      return { status: 200, body: page };
    }
    const deleted = /^\/api\/events\/(\d+)$/.exec(path);
    if (method === 'DELETE' && deleted) {
      if (options.failDelete) return { status: 500, body: { error: 'Database unavailable' } };
      store = store.filter((event) => event.id !== Number(deleted[1]));
      return { status: 200, body: { ok: true } };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
  return {
    /** Every call so far, as "METHOD /path?query". */
    requests: () => calls.map((call) => `${call.method} ${call.path}${call.search}`),
    add: (...events: WebhookEvent[]) => {
      store = [...events, ...store].sort((a, b) => b.id - a.id);
    },
  };
}

function renderPage(options: { session?: Partial<SessionState>; socket?: AppSocket | null } = {}) {
  return renderWithProviders(<WebhookPage />, {
    route: '/webhook',
    session: fakeSession(options.session),
    socket: options.socket,
  });
}

const requestList = () => screen.getByRole('list', { name: 'Requests' });
const listedPaths = () =>
  within(requestList())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('span.request-path')?.textContent);
const countBadge = () => screen.getByTestId('request-count');
const selectedRow = () => within(requestList()).getByRole('button', { current: true });

beforeEach(() => {
  vi.stubGlobal('Notification', undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WebhookPage', () => {
  it('shows the webhook URL and the waiting state when no request came yet', async () => {
    stubApi([]);
    renderPage();
    expect(await screen.findByText('Webhook Inspector is waiting')).toBeInTheDocument();
    expect(screen.getByText('Send a request to your unique URL to get started')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Requests' })).toBeInTheDocument();
    expect(countBadge()).toHaveTextContent('0');
    const url = `${window.location.origin}/webhook/${SESSION_ID}`;
    expect(screen.getByLabelText('Your webhook URL')).toHaveValue(url);
    expect(screen.getByText(url)).toBeInTheDocument(); // inside the ready-made curl example
    expect(screen.queryByText(/viewing a shared session/)).toBeNull();
    expect(document.title).toBe('Webhook Inspector – Hookbay');
  });

  it('copies the webhook URL, the share URL and the curl example', async () => {
    stubApi([]);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderPage();
    const url = `${window.location.origin}/webhook/${SESSION_ID}`;
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    // The example is offered where it helps: while no request came yet.
    await screen.findByText('Webhook Inspector is waiting');
    fireEvent.click(screen.getByRole('button', { name: 'Copy example' }));
    expect(writeText.mock.calls.map(([text]) => text)).toEqual([
      url,
      `${window.location.origin}/webhook?sessionId=${SESSION_ID}`,
      `curl -X POST ${url} -H 'Content-Type: application/json' -d '{"hello":"world"}'`,
    ]);
  });

  it('says so when the session was opened from a Share link', async () => {
    stubApi([]);
    renderPage({ session: { isShared: true } });
    expect(await screen.findByText(/You are viewing a shared session/)).toBeInTheDocument();
  });

  it('while private, says what Share shares: the link alone gives no access', async () => {
    stubApi([]);
    renderPage({ session: { isPrivate: true } });
    expect(
      await screen.findByText(
        /Private: this URL only receives requests. The Share link alone gives no access/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toHaveAttribute(
      'title',
      expect.stringMatching(/While it is private the link alone shows nothing/),
    );
  });

  it('shows the access panel it is given for the browser’s own session, not for a Share link’s', async () => {
    stubApi([]);
    const panel = (sessionId: string) => <p>{`Access of ${sessionId}`}</p>;
    renderWithProviders(<WebhookPage accessPanel={panel} />, { route: '/webhook', session: fakeSession() });
    expect(await screen.findByText(`Access of ${SESSION_ID}`)).toBeInTheDocument();
    cleanup();
    renderWithProviders(<WebhookPage accessPanel={panel} />, {
      route: '/webhook',
      session: fakeSession({ isShared: true }),
    });
    await screen.findByText(/You are viewing a shared session/);
    expect(screen.queryByText(`Access of ${SESSION_ID}`)).not.toBeInTheDocument();
  });

  it('lists the requests with a count and coloured method badges', async () => {
    stubApi([
      makeEvent(7, { method: 'POST', path: '/post' }),
      makeEvent(6, { method: 'GET', path: '/get' }),
      makeEvent(5, { method: 'PUT', path: '/put' }),
      makeEvent(4, { method: 'DELETE', path: '/delete' }),
      makeEvent(3, { method: 'PATCH', path: '/patch', queryString: 'a=1' }),
      makeEvent(2, { method: 'OPTIONS', path: '/options' }),
      makeEvent(1, { method: '', path: '/no-method' }),
    ]);
    renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('7'));
    expect(listedPaths()).toEqual([
      '/post',
      '/get',
      '/put',
      '/delete',
      '/patch?a=1',
      '/options',
      '/no-method',
    ]);
    const badgeOf = (path: string) => {
      const row = within(requestList()).getByTitle(path).closest('[role="listitem"]') as HTMLElement;
      return row.querySelector('.badge');
    };
    expect(badgeOf('/post')).toHaveClass('bg-primary');
    expect(badgeOf('/post')).toHaveTextContent('POST');
    expect(badgeOf('/get')).toHaveClass('bg-success');
    expect(badgeOf('/put')).toHaveClass('bg-warning');
    expect(badgeOf('/delete')).toHaveClass('bg-danger');
    expect(badgeOf('/patch?a=1')).toHaveClass('bg-info');
    expect(badgeOf('/options')).toHaveClass('bg-secondary');
    expect(badgeOf('/no-method')).toHaveTextContent('GET');
    expect(badgeOf('/no-method')).toHaveClass('bg-success');
  });

  it('selects the first request and shows its body, query, headers and info', async () => {
    const body = '{"hello":"world"}';
    stubApi([
      makeEvent(2, {
        path: '/orders',
        queryString: 'status=paid&tag=a&tag=b',
        queryParams: { status: 'paid', tag: ['a', 'b'] },
        rawHeaders: [
          ['Host', 'example.test'],
          ['X-Trace', 'one'],
          ['Content-Type', 'application/json'],
          ['X-Trace', 'two'],
        ],
        body,
        contentType: 'application/json',
        size: body.length,
        ip: null,
        userAgent: null,
      }),
      makeEvent(1),
    ]);
    renderPage();
    const details = await screen.findByRole('article', { name: 'Request details' });
    expect(selectedRow()).toHaveTextContent('/orders?status=paid&tag=a&tag=b');
    expect(within(details).getByText('/orders?status=paid&tag=a&tag=b')).toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'Request Body' })).toHaveTextContent('"hello": "world"');
    const query = within(screen.getByRole('region', { name: 'Query Parameters' }));
    expect(query.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'NameValue',
      'statuspaid',
      'taga',
      'tagb',
    ]);
    const headers = within(screen.getByRole('region', { name: 'Headers' }));
    expect(headers.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'NameValue',
      'Hostexample.test',
      'X-Traceone',
      'Content-Typeapplication/json',
      'X-Tracetwo',
    ]);
    const info = within(screen.getByRole('region', { name: 'Request Info' }));
    expect(info.getByRole('row', { name: /IP Address/ })).toHaveTextContent('IP AddressUnknown');
    expect(info.getByRole('row', { name: /User Agent/ })).toHaveTextContent('User AgentUnknown');
    expect(info.getByRole('row', { name: /Content Type/ })).toHaveTextContent('application/json');
    expect(info.getByRole('row', { name: /Size/ })).toHaveTextContent('17 B (17 bytes)');
  });

  it('leaves out the body and query sections when the request has neither', async () => {
    stubApi([
      makeEvent(2, { size: 5, body: 'hello' }),
      makeEvent(1, { ip: '198.51.100.4', userAgent: 'Stripe/1.0' }),
    ]);
    renderPage();
    await screen.findByRole('region', { name: 'Request Body' });
    fireEvent.click(within(requestList()).getByTitle('/hook-1'));
    expect(selectedRow()).toHaveTextContent('/hook-1');
    expect(screen.queryByRole('region', { name: 'Request Body' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Query Parameters' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Headers' })).toBeInTheDocument();
    const info = within(screen.getByRole('region', { name: 'Request Info' }));
    expect(info.getByText('198.51.100.4')).toBeInTheDocument();
    expect(info.getByText('Stripe/1.0')).toBeInTheDocument();
    expect(info.queryByText('Unknown')).toBeNull();
  });

  it('copies the selected request as a cURL command', async () => {
    stubApi([makeEvent(1, { method: 'PUT', path: '/items/1' })]);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy as cURL' }));
    expect(writeText).toHaveBeenCalledWith(
      expect.stringContaining(`curl -X PUT '${window.location.origin}/webhook/${SESSION_ID}/items/1'`),
    );
  });

  it('deleting the selected request hides it and selects the next one', async () => {
    const api = stubApi(makeEvents(3, 2, 1));
    renderPage();
    await waitFor(() => expect(selectedRow()).toHaveTextContent('/hook-3'));
    const firstRow = within(requestList()).getAllByRole('listitem')[0] as HTMLElement;
    fireEvent.click(within(firstRow).getByRole('button', { name: 'Delete request' }));
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-2', '/hook-1']));
    expect(api.requests()).toContain('DELETE /api/events/3');
    expect(countBadge()).toHaveTextContent('2');
    expect(selectedRow()).toHaveTextContent('/hook-2');
  });

  it('deleting the last request shows the waiting state', async () => {
    stubApi(makeEvents(1));
    renderPage();
    fireEvent.click(await within(requestList()).findByRole('button', { name: 'Delete request' }));
    expect(await screen.findByText('Webhook Inspector is waiting')).toBeInTheDocument();
    expect(countBadge()).toHaveTextContent('0');
  });

  it('alerts when a request cannot be deleted, and keeps it', async () => {
    stubApi(makeEvents(2, 1), { failDelete: true });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderPage();
    const buttons = await within(requestList()).findAllByRole('button', { name: 'Delete request' });
    fireEvent.click(buttons[1] as HTMLElement);
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to delete webhook request. Please try again.'),
    );
    expect(listedPaths()).toEqual(['/hook-2', '/hook-1']);
  });

  it('prepends live requests once each and notifies when allowed', async () => {
    stubApi(makeEvents(1));
    const shown: { title: string; body?: string }[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function Notification(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
        },
        { permission: 'granted', requestPermission: vi.fn() },
      ),
    );
    const { socket, fire } = fakeSocket();
    renderPage({ socket });
    await waitFor(() => expect(countBadge()).toHaveTextContent('1'));
    const live = makeEvent(2, { method: 'DELETE', timestamp: 'not a date' });
    fire(WEBHOOK_REQUEST, live);
    fire(WEBHOOK_REQUEST, live);
    expect(listedPaths()).toEqual(['/hook-2', '/hook-1']);
    expect(countBadge()).toHaveTextContent('2');
    expect(selectedRow()).toHaveTextContent('/hook-1'); // the reader is not moved
    expect(shown[0]).toEqual({ title: 'New Webhook Request', body: 'DELETE at Invalid date' });
  });

  it('asks for notification permission once when it was not decided', async () => {
    stubApi([]);
    const requestPermission = vi.fn().mockResolvedValue('granted');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    renderPage();
    await screen.findByText('Webhook Inspector is waiting');
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });

  it('catches up on requests missed while the socket was away', async () => {
    const api = stubApi(makeEvents(2, 1));
    const { socket, fire } = fakeSocket();
    renderPage({ socket });
    await waitFor(() => expect(countBadge()).toHaveTextContent('2'));
    api.add(makeEvent(3), makeEvent(4));
    fire('connect');
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-4', '/hook-3', '/hook-2', '/hook-1']));
    expect(api.requests()).toContain('GET /api/events?after=2&limit=500');
  });

  it('reads a request whose live event never came, once a later one shows the gap', async () => {
    const api = stubApi(makeEvents(2, 1));
    const { socket, fire } = fakeSocket();
    renderPage({ socket });
    await waitFor(() => expect(countBadge()).toHaveTextContent('2'));
    // 3 was stored but its live event was lost; 4 says it follows 3.
    api.add(makeEvent(3, { previousId: 2 }), makeEvent(4, { previousId: 3 }));
    fire(WEBHOOK_REQUEST, makeEvent(4, { previousId: 3 }));
    expect(listedPaths()).toEqual(['/hook-4', '/hook-2', '/hook-1']);
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-4', '/hook-3', '/hook-2', '/hook-1']), {
      timeout: 3000,
    });
    expect(api.requests()).toContain('GET /api/events?after=2&limit=500');
  });

  it('loads older requests while the last page was full', async () => {
    const api = stubApi(Array.from({ length: 150 }, (_, index) => makeEvent(index + 1)));
    renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('100'));
    fireEvent.click(screen.getByRole('button', { name: 'Load older requests' }));
    await waitFor(() => expect(countBadge()).toHaveTextContent('150'));
    expect(api.requests()).toContain('GET /api/events?before=51&limit=100');
    expect(screen.queryByRole('button', { name: 'Load older requests' })).toBeNull();
    // Only the rows in view are in the page, not all 150.
    expect(within(requestList()).getAllByRole('listitem').length).toBeLessThan(30);
  });

  it('waits for the session before loading requests', () => {
    stubApi([]);
    renderPage({ session: { user: null, status: 'loading' } });
    expect(screen.getByRole('status', { name: 'Starting your session…' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('DetailArea', () => {
  it('asks to pick a request when requests exist but none is selected', () => {
    const view: WebhookEventsView = {
      events: makeEvents(2, 1),
      selected: null,
      isLoaded: true,
      loadFailed: false,
      hasOlder: false,
      isLoadingOlder: false,
      olderFailed: false,
      select: vi.fn(),
      remove: vi.fn(),
      restore: vi.fn(),
      clearAll: vi.fn(),
      loadOlder: vi.fn(),
      retryLoad: vi.fn(),
    };
    render(<DetailArea view={view} sessionId={SESSION_ID} />);
    expect(screen.getByText('No request selected')).toBeInTheDocument();
    expect(screen.getByText('Select a request from the sidebar to view details')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Headers' })).toBeNull();
  });
});
