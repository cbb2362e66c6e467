/**
 * The Webhook Inspector's screen as a whole: the compact header and its drawers, the list and
 * details taking turns on a phone, delete with Undo, "Clear all", the count of every request,
 * the "N new requests" button, forwarders, request ids and a Share link's viewer.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FORWARDERS_CHANGED,
  WEBHOOK_FORWARDED,
  WEBHOOK_REQUEST,
  WEBHOOKS_CLEARED,
} from '../../../../shared/realtime';
import type { WebhookEvent } from '../../../../shared/webhooks';
import type { SessionState } from '../../session/SessionProvider';
import { fakeSession, fakeSocket, renderWithProviders, SESSION_ID, stubFetch } from '../../test/render';
import { makeEvent, makeEvents } from './test-events';
import { WebhookPage } from './WebhookPage';

interface ServerOptions {
  /** Every request the session holds, when more than the store (pages not loaded). */
  total?: number;
  forwarders?: { count: number; responding: number };
}

/** A server holding `initial`: pages, the count, delete and restore, Clear all and the forwarders. */
function stubApi(initial: WebhookEvent[], options: ServerOptions = {}) {
  let store = [...initial].sort((a, b) => b.id - a.id);
  const deleted = new Map<number, WebhookEvent>();
  let extra = (options.total ?? store.length) - store.length;
  const calls = stubFetch(({ method, path, search }) => {
    const params = new URLSearchParams(search);
    if (method === 'GET' && path === '/api/events') {
      const before = params.has('before') ? Number(params.get('before')) : Infinity;
      const after = Number(params.get('after') ?? 0);
      const page = store.filter((event) => event.id < before && event.id > after);
      return { status: 200, body: page.slice(0, Number(params.get('limit') ?? 100)) };
    }
    if (method === 'GET' && path === '/api/events/count') {
      const total = store.length + extra;
      return { status: 200, body: { matching: total, total, newestId: store[0]?.id ?? 0 } };
    }
    if (method === 'GET' && path === '/api/forwarders') {
      return { status: 200, body: options.forwarders ?? { count: 0, responding: 0 } };
    }
    if (method === 'DELETE' && path === '/api/events') {
      const upTo = store[0]?.id ?? 0;
      const count = store.length + extra;
      store = [];
      extra = 0;
      return { status: 200, body: { ok: true, deleted: count, upTo } };
    }
    const one = /^\/api\/events\/(\d+)(\/restore)?$/.exec(path);
    if (one && method === 'DELETE') {
      const id = Number(one[1]);
      const event = store.find((listed) => listed.id === id);
      if (!event) return { status: 404, body: { error: 'Not found' } };
      deleted.set(id, event);
      store = store.filter((listed) => listed.id !== id);
      return { status: 200, body: { ok: true } };
    }
    if (one && method === 'POST' && one[2]) {
      const event = deleted.get(Number(one[1]));
      if (!event) return { status: 404, body: { error: 'This request does not exist or is not deleted.' } };
      store = [...store, event].sort((a, b) => b.id - a.id);
      return { status: 200, body: event };
    }
    if (method === 'GET' && path === '/api/responses') return { status: 200, body: { rules: [] } };
    return { status: 404, body: { error: 'Not found' } };
  });
  return { requests: () => calls.map((call) => `${call.method} ${call.path}${call.search}`) };
}

function renderPage(session: Partial<SessionState> = {}) {
  const { socket, fire } = fakeSocket();
  renderWithProviders(<WebhookPage accessPanel={() => <button type="button">Access</button>} />, {
    route: '/webhook',
    session: fakeSession(session),
    socket,
    toasts: true,
  });
  return fire;
}

const requestList = () => screen.getByRole('list', { name: 'Requests' });
const listedPaths = () =>
  within(requestList())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('span.request-path')?.textContent);
const countBadge = () => screen.getByTestId('request-count');
const rowOf = (path: string) =>
  within(requestList()).getByTitle(path).closest('[role="listitem"]') as HTMLElement;
const inspector = () => document.querySelector('.webhook-inspector') as HTMLElement;
const details = () => screen.getByRole('article', { name: 'Request details' });

beforeEach(() => {
  vi.stubGlobal('Notification', undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the inspector header', () => {
  it('puts the URL and one button per setting in a compact header whose drawers open over the list', async () => {
    stubApi(makeEvents(2, 1));
    renderPage();
    const header = screen.getByRole('region', { name: 'Webhook URL and settings' });
    expect(within(header).getByLabelText('Your webhook URL')).toHaveValue(
      `${window.location.origin}/webhook/${SESSION_ID}`,
    );
    expect(within(header).getByRole('button', { name: /^Response/ })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /^Forward/ })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Access' })).toBeInTheDocument();
    // Nothing of the settings is unfolded on the page itself.
    expect(screen.queryByRole('button', { name: 'Copy command' })).toBeNull();
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-2', '/hook-1']));

    fireEvent.click(within(header).getByRole('button', { name: /^Forward/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Forward to your machine' });
    expect(drawer).toHaveClass('offcanvas');
    expect(within(drawer).getAllByRole('button', { name: 'Copy command' })).toHaveLength(3);
    expect(listedPaths()).toEqual(['/hook-2', '/hook-1']);
  });
});

describe('forwarders', () => {
  it('shows live whether a forwarder is connected', async () => {
    stubApi([], { forwarders: { count: 1, responding: 0 } });
    const fire = renderPage();
    const button = () => screen.getByRole('button', { name: /^Forward/ });
    await waitFor(() => expect(button()).toHaveTextContent('1 connected'));
    expect(button()).toHaveAccessibleName(/^Forward\s*:\s*1 connected$/);
    expect(screen.getByTestId('forward-dot')).toHaveClass('bg-success');
    fire(FORWARDERS_CHANGED, { count: 2, responding: 1 });
    expect(button()).toHaveTextContent('2 connected');
    fireEvent.click(button());
    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 forwarders are connected: each request is sent on to its target, and a --respond forwarder’s target answers the sender.',
    );
    fire(FORWARDERS_CHANGED, { count: 0, responding: 0 });
    expect(button()).toHaveTextContent('to your machine');
    expect(screen.getByTestId('forward-dot')).not.toHaveClass('bg-success');
  });

  it('shows the whole commands, wrapped rather than cut before --to', async () => {
    stubApi([]);
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /^Forward/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Forward to your machine' });
    const url = `${window.location.origin}/webhook/${SESSION_ID}`;
    const command = within(drawer).getByText(
      `npx hookbay forward ${url} --to http://localhost:3000/webhooks`,
    );
    expect(command).toHaveClass('text-break');
    expect(command).not.toHaveClass('text-truncate');
  });

  it("shows what each request's forwarder got from the local app, as it reports it", async () => {
    stubApi([
      makeEvent(2, { path: '/down', forwarded: { error: 'connect ECONNREFUSED 127.0.0.1:3000', ms: 1 } }),
      makeEvent(1, { path: '/ok', forwarded: { status: 200, ms: 12 } }),
    ]);
    const fire = renderPage();
    await waitFor(() => expect(listedPaths()).toEqual(['/down', '/ok']));
    expect(within(rowOf('/ok')).getByTestId('forward-result')).toHaveTextContent('→ 200');
    expect(within(rowOf('/down')).getByTestId('forward-result')).toHaveTextContent('→ failed');
    fire(WEBHOOK_FORWARDED, { id: 2, forwarded: { status: 500, ms: 30 } });
    expect(within(rowOf('/down')).getByTestId('forward-result')).toHaveTextContent('→ 500');
    expect(within(details()).getByRole('row', { name: /Forwarded/ })).toHaveTextContent(
      'Your forwarder sent it to your app, which answered 500 in 30 ms',
    );
  });
});

describe('request ids and sizes', () => {
  it('shows the id of each request in the list and the details, with Copy', async () => {
    stubApi([makeEvent(42, { size: 2048 })]);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderPage();
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-42']));
    expect(rowOf('/hook-42')).toHaveTextContent('#42 · 2.0 KiB');
    expect(within(details()).getByTestId('event-id')).toHaveTextContent('#42');
    expect(within(details()).getByRole('row', { name: /Size/ })).toHaveTextContent('2.0 KiB (2,048 bytes)');
    expect(details()).not.toHaveTextContent(/\bKB\b/);
    fireEvent.click(within(details()).getByRole('button', { name: 'Copy id' }));
    expect(writeText).toHaveBeenCalledWith('42');
  });
});

describe('on a phone', () => {
  it('a tapped request opens its details, and Back returns to the list', async () => {
    stubApi(makeEvents(2, 1));
    renderPage();
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-2', '/hook-1']));
    expect(inspector()).toHaveClass('is-list');
    fireEvent.click(within(rowOf('/hook-1')).getByRole('button', { current: false, name: /hook-1/ }));
    expect(inspector()).toHaveClass('is-detail');
    expect(within(details()).getByRole('row', { name: /Path/ })).toHaveTextContent('/hook-1');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(inspector()).toHaveClass('is-list');
  });

  it('shows the list and the waiting state together while there is nothing to list', async () => {
    stubApi([]);
    renderPage();
    await screen.findByText('Webhook Inspector is waiting');
    expect(inspector()).toHaveClass('is-empty');
  });
});

describe('deleting with Undo, and Clear all', () => {
  it('a deleted request can be brought back from the toast while it shows', async () => {
    const api = stubApi(makeEvents(3, 2, 1));
    renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('3'));
    fireEvent.click(within(rowOf('/hook-2')).getByRole('button', { name: 'Delete request' }));
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-3', '/hook-1']));
    expect(countBadge()).toHaveTextContent('2');
    expect(await screen.findByText('Request deleted')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-3', '/hook-2', '/hook-1']));
    expect(api.requests()).toEqual(
      expect.arrayContaining(['DELETE /api/events/2', 'POST /api/events/2/restore']),
    );
    expect(countBadge()).toHaveTextContent('3');
    expect(within(requestList()).getByRole('button', { current: true })).toHaveTextContent('/hook-2');
  });

  it('Clear all asks first, then empties the list through the API', async () => {
    const api = stubApi(makeEvents(2, 1), { total: 282 });
    renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('282'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Clear all requests?');
    expect(dialog).toHaveTextContent('This deletes all 282 requests of this inspector');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests()).not.toContain('DELETE /api/events');

    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Webhook Inspector is waiting')).toBeInTheDocument();
    expect(api.requests()).toContain('DELETE /api/events');
    expect(listedPaths()).toEqual([]);
    await waitFor(() => expect(countBadge()).toHaveTextContent('0'));
  });

  it('a Clear all made in another tab empties this list too, keeping what came after', async () => {
    stubApi(makeEvents(2, 1));
    const fire = renderPage();
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-2', '/hook-1']));
    fire(WEBHOOK_REQUEST, makeEvent(3, { previousId: 2 }));
    fire(WEBHOOKS_CLEARED, { upTo: 2 });
    expect(listedPaths()).toEqual(['/hook-3']);
  });
});

describe('the count and new requests', () => {
  it('counts every request of the session, not only the page loaded', async () => {
    stubApi(
      Array.from({ length: 150 }, (_, index) => makeEvent(index + 1)),
      { total: 282 },
    );
    const fire = renderPage();
    await waitFor(() => expect(countBadge()).toHaveTextContent('282'));
    expect(within(requestList()).getAllByRole('listitem').length).toBeLessThan(100);
    fire(WEBHOOK_REQUEST, makeEvent(500));
    expect(countBadge()).toHaveTextContent('283');
  });

  it('counts a request that arrived while the server was counting once, whether it was counted or not', async () => {
    for (const [newestId, total, expected] of [
      [3, 3, '3'],
      [2, 2, '3'],
    ] as const) {
      let answer: (value: { status: number; body: unknown }) => void = () => undefined;
      stubFetch(({ path }) => {
        if (path === '/api/events/count') return new Promise((resolve) => (answer = resolve));
        if (path === '/api/events') return { status: 200, body: makeEvents(2, 1) };
        return { status: 404, body: { error: 'Not found' } };
      });
      const fire = renderPage();
      await waitFor(() => expect(listedPaths()).toEqual(['/hook-2', '/hook-1']));
      fire(WEBHOOK_REQUEST, makeEvent(3, { previousId: 2 }));
      await act(async () => answer({ status: 200, body: { matching: total, total, newestId } }));
      expect(countBadge()).toHaveTextContent(expected);
      fire(WEBHOOK_REQUEST, makeEvent(3, { previousId: 2 }));
      fire(WEBHOOK_REQUEST, makeEvent(4, { previousId: 3 }));
      expect(countBadge()).toHaveTextContent('4');
      cleanup();
    }
  });

  it('says how many new requests arrived while the list was scrolled, and goes back to the top', async () => {
    stubApi(Array.from({ length: 60 }, (_, index) => makeEvent(index + 1)));
    const fire = renderPage();
    await waitFor(() => expect(listedPaths()[0]).toBe('/hook-60'));
    const scroller = requestList().parentElement as HTMLElement;
    scroller.scrollTop = 1000;
    fireEvent.scroll(scroller);
    expect(screen.queryByRole('button', { name: /new request/ })).toBeNull();
    fire(WEBHOOK_REQUEST, makeEvent(61, { previousId: 60 }));
    fire(WEBHOOK_REQUEST, makeEvent(62, { previousId: 61 }));
    const pill = await screen.findByRole('button', { name: '↑ 2 new requests' });
    const scrollTo = vi.fn();
    scroller.scrollTo = scrollTo;
    await act(async () => fireEvent.click(pill));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.queryByRole('button', { name: /new request/ })).toBeNull();
  });

  it('shows no such button for requests arriving while the list is at the top', async () => {
    stubApi(makeEvents(2, 1));
    const fire = renderPage();
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-2', '/hook-1']));
    fire(WEBHOOK_REQUEST, makeEvent(3, { previousId: 2 }));
    expect(listedPaths()[0]).toBe('/hook-3');
    expect(screen.queryByRole('button', { name: /new request/ })).toBeNull();
  });
});

describe("a Share link's viewer", () => {
  it('is told whose URL it is and gets no controls that make sense only for its owner', async () => {
    stubApi(makeEvents(1));
    renderPage({ isShared: true });
    expect(screen.getByLabelText('Shared webhook URL')).toHaveValue(
      `${window.location.origin}/webhook/${SESSION_ID}`,
    );
    expect(screen.queryByLabelText('Your webhook URL')).toBeNull();
    expect(screen.getByText(/You are viewing a shared session/)).toBeInTheDocument();
    await waitFor(() => expect(listedPaths()).toEqual(['/hook-1']));
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Access' })).toBeNull();
  });
});
