import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewShareLink, ShareLink } from '../../../../shared/shares';
import { renderWithProviders, SESSION_ID, stubFetch } from '../../test/render';
import { ShareControl } from './ShareControl';

const TOKEN = `hbs_00000000000000bb_${'b'.repeat(43)}`;

function link(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: '00000000000000bb',
    kind: 'inspector',
    eventId: null,
    redactHeaders: [],
    showSecrets: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    expiresAt: '2999-03-08T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** A server holding the links: lists, creates, revokes. */
function stubApi() {
  let links: ShareLink[] = [];
  const calls = stubFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/shares') return { status: 200, body: links };
    if (method === 'POST' && path === '/api/shares') {
      const input = body as { eventId?: number; redactHeaders: string[]; showSecrets: boolean };
      const created = link({
        kind: input.eventId ? 'request' : 'inspector',
        eventId: input.eventId ?? null,
        redactHeaders: input.redactHeaders,
        showSecrets: input.showSecrets,
      });
      links = [created, ...links];
      const answer: NewShareLink = { ...created, token: TOKEN, url: `http://localhost/shared/${TOKEN}` };
      return { status: 201, body: answer };
    }
    if (method === 'DELETE') {
      links = links.map((each) => ({ ...each, revokedAt: '2026-03-02T10:00:00.000Z' }));
      return { status: 200, body: { ok: true } };
    }
    return { status: 404, body: { error: 'no' } };
  });
  return { posts: () => calls.filter((call) => call.method === 'POST').map((call) => call.body) };
}

async function openDrawer(selectedEventId: number | null = 7) {
  renderWithProviders(
    <ShareControl
      sessionId={SESSION_ID}
      selectedEventId={selectedEventId}
      fullAccess={<button>Copy full-access link</button>}
    />,
    {
      toasts: true,
    },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  return screen.findByRole('dialog', { name: 'Share this inspector' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Share', () => {
  it('makes a read-only link of the selected request, hiding the headers asked for, and shows it once', async () => {
    const api = stubApi();
    const drawer = await openDrawer();
    expect(within(drawer).getByText('No read-only links yet.')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByLabelText('The selected request (#7)'));
    await userEvent.selectOptions(within(drawer).getByLabelText('Expires after'), '1 day');
    await userEvent.type(within(drawer).getByLabelText('Also hide these headers'), 'X-Api-Key, X-Tenant');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create read-only link' }));
    expect(await within(drawer).findByRole('textbox', { name: 'Read-only link' })).toHaveValue(
      `http://localhost/shared/${TOKEN}`,
    );
    expect(api.posts()).toEqual([
      { eventId: 7, expiresInHours: 24, redactHeaders: ['X-Api-Key', 'X-Tenant'], showSecrets: false },
    ]);
    const row = await within(drawer).findByRole('row', { name: /Request #7/ });
    expect(row).toHaveTextContent('Working');
    expect(within(drawer).getByRole('button', { name: 'Copy full-access link' })).toBeInTheDocument();
  });

  it('the whole inspector by default; without a selected request the request choice is off', async () => {
    const api = stubApi();
    const drawer = await openDrawer(null);
    expect(within(drawer).getByLabelText('The selected request (select one first)')).toBeDisabled();
    await userEvent.click(within(drawer).getByRole('switch', { name: 'Show secret headers on this link' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create read-only link' }));
    await within(drawer).findByRole('textbox', { name: 'Read-only link' });
    expect(api.posts()).toEqual([{ expiresInHours: 168, redactHeaders: [], showSecrets: true }]);
  });

  it('revokes a link; it then shows as revoked, without a Revoke button', async () => {
    stubApi();
    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create read-only link' }));
    await userEvent.click(
      await within(drawer).findByRole('button', { name: 'Revoke the link to whole inspector' }),
    );
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
    const row = await within(drawer).findByRole('row', { name: /Revoked/ });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
