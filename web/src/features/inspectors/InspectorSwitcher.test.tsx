import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_REQUEST } from '../../../../shared/realtime';
import type { WebhookEvent } from '../../../../shared/webhooks';
import {
  SESSION_ID,
  fakeSession,
  fakeSocket,
  renderWithProviders,
  stubFetch,
  type Call,
} from '../../test/render';
import { InspectorSwitcher } from './InspectorSwitcher';

const OTHER_ID = '9a1c2e5f-7d9b-4c41-8f2b-8c1e6d4a4b7e';
const NEW_ID = '1e6d4a4b-7e9a-4c2e-9f7d-9b0c413f2b8c';

/** One stand-in socket per inspector not shown, by session id, with the key its handshake sends. */
const others = vi.hoisted(
  () => new Map<string, { fire: (event: string, ...args: unknown[]) => void; key: string | null }>(),
);
vi.mock('../../lib/socket', () => ({
  createSocket(sessionId: string, keyOf: () => string | null) {
    const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
    const fire = (name: string, ...args: unknown[]) =>
      listeners.get(name)?.forEach((listener) => listener(...args));
    others.set(sessionId, { fire, key: keyOf() });
    const socket = {
      on(name: string, listener: (...args: unknown[]) => void) {
        listeners.set(name, [...(listeners.get(name) ?? []), listener]);
        return socket;
      },
      connect: () => queueMicrotask(() => fire('connect')),
      close: () => listeners.clear(),
    };
    return socket;
  },
}));

const event = (id: number) => ({ id }) as WebhookEvent;
const sessionOf = (call: Call) => call.headers['X-Session-ID'];

function serve(): Call[] {
  return stubFetch((call) => {
    if (call.path === '/api/user/name')
      return { status: 200, body: { name: sessionOf(call) === OTHER_ID ? 'stripe-sandbox' : null } };
    if (call.path === '/api/events/count') {
      const total = sessionOf(call) === OTHER_ID ? 4 : 7;
      return { status: 200, body: { total, matching: total, newestId: total } };
    }
    if (call.path === '/api/inspectors')
      return { status: 201, body: { sessionId: NEW_ID, name: 'github-app', key: 'hbk_' + 'a'.repeat(43) } };
    if (call.path === '/api/user/inspector') return { status: 200, body: { ok: true } };
    return { status: 404, body: { error: 'not here' } };
  });
}

function stored(): { sessionId: string; name: string | null; key: string | null }[] {
  return JSON.parse(localStorage.getItem('hookbayInspectors') ?? '[]') as never;
}

function renderSwitcher(session = fakeSession()) {
  const shown = fakeSocket();
  renderWithProviders(<InspectorSwitcher sessionId={SESSION_ID} />, {
    session,
    socket: shown.socket,
    toasts: true,
  });
  return shown;
}

async function openDrawer() {
  await userEvent.click(screen.getByRole('button', { name: /^Inspectors/ }));
  return screen.findByRole('list', { name: 'Inspectors in this browser' });
}

beforeEach(() => {
  localStorage.setItem('userSessionId', SESSION_ID);
  localStorage.setItem(
    'hookbayInspectors',
    JSON.stringify([{ sessionId: OTHER_ID, name: 'stripe', key: null }]),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  others.clear();
});

describe('InspectorSwitcher', () => {
  it('counts every inspector, and a live request to one not shown raises its count and a "new" badge', async () => {
    serve();
    const shown = renderSwitcher();
    const list = await openDrawer();
    const other = within(list).getByRole('listitem', { name: 'stripe-sandbox' });
    await waitFor(() => expect(other).toHaveTextContent('4 requests'));
    const own = within(list).getByRole('listitem', { name: SESSION_ID.slice(0, 8) });
    expect(own).toHaveTextContent('Shown');

    act(() => {
      others.get(OTHER_ID)?.fire(WEBHOOK_REQUEST, event(5));
      others.get(OTHER_ID)?.fire(WEBHOOK_REQUEST, event(5));
    });
    expect(other).toHaveTextContent('5 requests');
    expect(within(other).getByText('1 new')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Inspectors/ })).toHaveTextContent('1 new');

    // The shown inspector counts too, but never as new.
    shown.fire('connect');
    await waitFor(() => expect(own).toHaveTextContent('7 requests'));
    shown.fire(WEBHOOK_REQUEST, event(8));
    expect(own).toHaveTextContent('8 requests');
    expect(within(own).queryByText(/new$/)).not.toBeInTheDocument();
  });

  it('Open stores the chosen inspector as the session, remembers the shown one, and starts the session again', async () => {
    serve();
    const retry = vi.fn();
    renderSwitcher(fakeSession({ retry }));
    const list = await openDrawer();
    const other = within(list).getByRole('listitem', { name: 'stripe-sandbox' });
    await userEvent.click(within(other).getByRole('button', { name: 'Open' }));
    expect(localStorage.getItem('userSessionId')).toBe(OTHER_ID);
    expect(stored()).toEqual([{ sessionId: SESSION_ID, name: null, key: null }]);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('a new inspector is remembered with its key, and its socket sends that key', async () => {
    const calls = serve();
    renderSwitcher();
    await openDrawer();
    await userEvent.type(screen.getByLabelText('Name (optional)'), 'github-app');
    await userEvent.click(screen.getByRole('button', { name: 'Create inspector' }));
    expect(await screen.findByText('Inspector github-app created')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/inspectors')?.body).toEqual({ name: 'github-app' });
    await waitFor(() => expect(stored().map((entry) => entry.sessionId)).toEqual([OTHER_ID, NEW_ID]));
    expect(stored()[1]?.key).toBe('hbk_' + 'a'.repeat(43));
    expect(others.get(NEW_ID)?.key).toBe('hbk_' + 'a'.repeat(43));
  });

  it('Forget drops it from this browser only; Delete asks first, then deletes it as itself', async () => {
    const calls = serve();
    renderSwitcher();
    const list = await openDrawer();
    const other = within(list).getByRole('listitem', { name: 'stripe-sandbox' });
    await userEvent.click(within(other).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete inspector' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(within(other).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete inspector' })).getByRole('button', {
        name: 'Delete inspector',
      }),
    );
    await waitFor(() => expect(stored()).toEqual([]));
    const deleted = calls.find((call) => call.method === 'DELETE');
    expect(deleted?.search).toBe(`?confirm=${OTHER_ID}`);
    expect(deleted && sessionOf(deleted)).toBe(OTHER_ID);
    expect(localStorage.getItem('userSessionId')).toBe(SESSION_ID);
  });

  it('Forget makes no call and keeps the shown inspector', async () => {
    const calls = serve();
    renderSwitcher();
    const list = await openDrawer();
    const other = within(list).getByRole('listitem', { name: 'stripe-sandbox' });
    await userEvent.click(within(other).getByRole('button', { name: 'Forget' }));
    expect(
      await screen.findByText('stripe-sandbox is forgotten in this browser; it keeps running'),
    ).toBeInTheDocument();
    await waitFor(() => expect(stored()).toEqual([]));
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});
