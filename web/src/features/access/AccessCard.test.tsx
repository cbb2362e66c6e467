import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, NewApiKey } from '../../../../shared/access';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeSession, renderWithProviders, SESSION_ID, stubFetch, type Call } from '../../test/render';
import { AccessCard } from './AccessCard';

const OWN_KEY = `hbk_00000000000000aa_${'a'.repeat(43)}`;
const LAPTOP_KEY = `hbk_00000000000000bb_${'b'.repeat(43)}`;

function key(id: string, name: string, lastUsedAt: string | null = null): ApiKey {
  return { id, name, scope: 'full', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt };
}

/** A server holding `initial` keys: lists, creates (giving out `newKeys` in turn), revokes, sets privacy. */
function stubApi(initial: ApiKey[], newKeys: string[] = [], options: { refuseCreate?: string } = {}) {
  let keys = [...initial];
  const calls = stubFetch(({ method, path, body }: Call) => {
    if (method === 'GET' && path === '/api/keys') return { status: 200, body: keys };
    if (method === 'POST' && path === '/api/keys') {
      if (options.refuseCreate) return { status: 409, body: { error: options.refuseCreate } };
      const secret = newKeys.shift() ?? OWN_KEY;
      const id = secret.slice(4, 20);
      const { name, scope } = body as Pick<NewApiKey, 'name' | 'scope'>;
      const created: NewApiKey = { id, name, scope, key: secret, createdAt: '2026-03-02T10:00:00.000Z' };
      keys = [...keys, { ...key(id, name), scope }];
      return { status: 201, body: created };
    }
    const revoked = /^\/api\/keys\/(.+)$/.exec(path);
    if (method === 'DELETE' && revoked) {
      keys = keys.filter((listed) => listed.id !== revoked[1]);
      return { status: 200, body: { ok: true } };
    }
    if (method === 'PUT' && path === '/api/user/privacy')
      return { status: 200, body: { private: (body as { private: boolean }).private } };
    return { status: 404, body: { error: 'Not found' } };
  });
  // The drawer lists the keys as it opens; what matters below is what changes things.
  const changes = () => calls.filter((call) => call.method !== 'GET');
  return { changes, requests: () => changes().map((call) => `${call.method} ${call.path}`) };
}

function renderCard(isPrivate = false) {
  const setPrivate = vi.fn();
  const retry = vi.fn();
  localStorage.setItem(STORAGE_KEYS.sessionId, SESSION_ID);
  localStorage.setItem(STORAGE_KEYS.sessionExpiry, String(Date.now() + 60_000));
  renderWithProviders(<AccessCard sessionId={SESSION_ID} />, {
    session: fakeSession({ isPrivate, setPrivate, retry }),
    toasts: true,
  });
  return { setPrivate, retry };
}

/** Opens the Access drawer from the header's button. */
async function openDrawer() {
  await userEvent.click(screen.getByRole('button', { name: /^Access/ }));
  await screen.findByRole('dialog', { name: 'Access' });
}

/** The dialog opened last: a key's or a confirmation's, over the drawer. */
async function topDialog(): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(1));
  return screen.getAllByRole('dialog').at(-1) as HTMLElement;
}

const privateSwitch = () => screen.getByRole('switch', { name: 'Private: the webhook URL only receives' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Access in the inspector header', () => {
  it('says on the header button whether the inspector is private', () => {
    stubApi([]);
    renderCard(true);
    expect(screen.getByRole('button', { name: /^Access/ })).toHaveAccessibleName(/^Access\s*:\s*private$/);
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('makes the inspector private: this browser first makes and stores its own key, then sends it', async () => {
    const api = stubApi([]);
    const { setPrivate } = renderCard();
    await openDrawer();
    expect(privateSwitch()).not.toBeChecked();
    expect(screen.getByText(/Anyone with the webhook URL can read its requests/)).toBeInTheDocument();

    await userEvent.click(privateSwitch());
    await waitFor(() => expect(setPrivate).toHaveBeenCalledWith(true));
    expect(api.requests()).toEqual(['POST /api/keys', 'PUT /api/user/privacy']);
    const [create, privacy] = api.changes();
    expect((create?.body as { name: string }).name).toMatch(/^Browser: /);
    expect(create?.headers.Authorization).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBe(OWN_KEY);
    // Turned on with the new key, so this browser keeps working once the id alone no longer does.
    expect(privacy?.body).toEqual({ private: true });
    expect(privacy?.headers.Authorization).toBe(`Bearer ${OWN_KEY}`);
    expect(await screen.findByText('The inspector is private now')).toBeInTheDocument();
  });

  it('a browser that already holds its key makes no other one', async () => {
    localStorage.setItem(STORAGE_KEYS.accessKey, OWN_KEY);
    const api = stubApi([key('00000000000000aa', 'Browser: Firefox on Linux')]);
    const { setPrivate } = renderCard();
    await openDrawer();
    await userEvent.click(privateSwitch());
    await waitFor(() => expect(setPrivate).toHaveBeenCalledWith(true));
    expect(api.requests()).toEqual(['PUT /api/user/privacy']);
  });

  it('turns privacy off again with the key', async () => {
    localStorage.setItem(STORAGE_KEYS.accessKey, OWN_KEY);
    const api = stubApi([]);
    const { setPrivate } = renderCard(true);
    await openDrawer();
    expect(privateSwitch()).toBeChecked();
    expect(screen.getByText(/Only browsers and scripts holding a key/)).toBeInTheDocument();
    await userEvent.click(privateSwitch());
    await waitFor(() => expect(setPrivate).toHaveBeenCalledWith(false));
    expect(api.changes()[0]?.body).toEqual({ private: false });
    expect(api.changes()[0]?.headers.Authorization).toBe(`Bearer ${OWN_KEY}`);
  });

  it('lists the keys with when each was made and last used, marking this browser’s', async () => {
    localStorage.setItem(STORAGE_KEYS.accessKey, OWN_KEY);
    stubApi([
      key('00000000000000aa', 'Browser: Chrome on Linux', '2026-03-03T08:00:00.000Z'),
      key('00000000000000cc', 'GitHub Actions'),
    ]);
    renderCard(true);
    await openDrawer();
    const table = await screen.findByRole('table', { name: 'Keys' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Browser: Chrome on Linux this browser');
    expect(rows[0]).toHaveTextContent(new Date('2026-03-03T08:00:00.000Z').toLocaleString());
    expect(rows[1]).toHaveTextContent('GitHub Actions');
    expect(rows[1]).toHaveTextContent(new Date('2026-03-01T10:00:00.000Z').toLocaleString());
    expect(rows[1]).toHaveTextContent('Never');
    expect(rows[1]).not.toHaveTextContent('this browser');
  });

  it('gives another browser access with a link holding a new key in its fragment', async () => {
    const api = stubApi([], [LAPTOP_KEY]);
    renderCard(true);
    await openDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Give another browser access' }));
    const dialog = await topDialog();
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create access link' }));

    const link = await within(dialog).findByLabelText('Access link');
    expect(link).toHaveValue(`${window.location.origin}/webhook#key=${LAPTOP_KEY}`);
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Shown only now/)).toBeInTheDocument();
    expect(api.changes().find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Laptop',
      scope: 'full',
    });
    // The list shows it once the dialog is closed; this browser's own key did not change.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('rowheader', { name: 'Laptop' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBeNull();
  });

  it('makes a named key for scripts, shown once with Copy and how to send it', async () => {
    stubApi([], [LAPTOP_KEY]);
    renderCard();
    await openDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'New key for scripts' }));
    const dialog = await topDialog();
    const create = within(dialog).getByRole('button', { name: 'Create key' });
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'GitHub Actions');
    await userEvent.click(create);
    expect(await within(dialog).findByLabelText('Key')).toHaveValue(LAPTOP_KEY);
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Authorization: Bearer \$HOOKBAY_KEY/)).toBeInTheDocument();
    expect(within(dialog).getByText(/--key \$HOOKBAY_KEY/)).toBeInTheDocument();
  });

  it('makes a read-only key when asked, and lists it as read only', async () => {
    const api = stubApi([], [LAPTOP_KEY]);
    renderCard();
    await openDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'New key for scripts' }));
    const dialog = await topDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Dashboard');
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Read only/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await within(dialog).findByLabelText('Key');
    const create = api.changes().find((call) => call.method === 'POST');
    expect(create?.body).toEqual({ name: 'Dashboard', scope: 'read' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'Keys' });
    expect(await within(table).findByText('read only')).toBeInTheDocument();
  });

  it('says why a key could not be made', async () => {
    stubApi([], [], {
      refuseCreate: 'This inspector already has 20 keys, the most it can hold. Revoke one first.',
    });
    renderCard();
    await openDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'New key for scripts' }));
    const dialog = await topDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'one too many');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/already has 20 keys/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Key')).not.toBeInTheDocument();
  });

  it('revokes a key after a confirmation, and it leaves the list', async () => {
    localStorage.setItem(STORAGE_KEYS.accessKey, OWN_KEY);
    const api = stubApi([key('00000000000000aa', 'Mine'), key('00000000000000bb', 'Laptop')]);
    const { retry } = renderCard(true);
    await openDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Laptop' }));
    const dialog = await topDialog();
    expect(dialog).toHaveTextContent('“Laptop” stops working at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Laptop' })).not.toBeInTheDocument());
    expect(api.requests()).toContain('DELETE /api/keys/00000000000000bb');
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBe(OWN_KEY);
    expect(retry).not.toHaveBeenCalled();
  });

  it('revoking this browser’s own key while private warns first, forgets the key and re-checks the session', async () => {
    localStorage.setItem(STORAGE_KEYS.accessKey, OWN_KEY);
    stubApi([key('00000000000000aa', 'Mine')]);
    const { retry } = renderCard(true);
    await openDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Mine' }));
    const dialog = await topDialog();
    expect(dialog).toHaveTextContent('this browser loses access too');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(retry).toHaveBeenCalled());
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBeNull();
  });
});
