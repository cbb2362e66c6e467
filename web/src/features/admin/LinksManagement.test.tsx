import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminLink } from '../../../../shared/links';
import { ADMIN_CHECK_STATUS_PATH } from '../../../../shared/admin';
import { stubFetch } from '../../test/render';
import { renderAdmin } from './test-utils';

function makeLink(overrides: Partial<AdminLink> & { id: string }): AdminLink {
  return {
    url: `https://shop.example.com/${overrides.id}`,
    shortUrl: `http://localhost:3000/s/${overrides.id}`,
    clicks: 4,
    createdAt: '2026-11-20T10:00:00.000Z',
    timestamp: '2026-11-20T10:00:00.000Z',
    alias: null,
    expiresAt: null,
    maxClicks: null,
    hasPassword: false,
    disabledAt: null,
    state: 'active',
    forwardQuery: true,
    rules: [],
    externalId: null,
    tags: [],
    note: null,
    card: null,
    redirectStatus: 302,
    fallbackUrl: null,
    startsAt: null,
    split: null,
    ownerSessionId: '0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3',
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Admin Links tab', () => {
  it('finds links by host, then disables and enables one', async () => {
    let link = makeLink({ id: 'abc1234' });
    const calls = stubFetch(({ method, path, body }) => {
      if (path === ADMIN_CHECK_STATUS_PATH) return { status: 200, body: { isAdmin: true } };
      if (method === 'GET' && path === '/api/admin/links') return { status: 200, body: [link] };
      if (method === 'PUT' && path === '/api/admin/links/abc1234') {
        const { disabled } = body as { disabled: boolean };
        link = { ...link, state: disabled ? 'disabled' : 'active' };
        return { status: 200, body: link };
      }
      return { status: 404, body: { error: 'Not found' } };
    });
    renderAdmin({ history: ['/admin/links'] });
    await userEvent.type(
      await screen.findByLabelText('Destination host or link id'),
      'shop.example.com{Enter}',
    );
    const row = within((await screen.findByText('abc1234')).closest('tr') as HTMLElement);
    expect(calls.find((call) => call.path === '/api/admin/links')?.search).toBe('?q=shop.example.com');
    expect(row.getByText('https://shop.example.com/abc1234')).toBeInTheDocument();
    expect(row.getByText('0f8e2a4c')).toBeInTheDocument();
    expect(row.getByText('Active')).toHaveClass('badge');

    await userEvent.click(row.getByRole('button', { name: 'Disable abc1234' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(await row.findByText('Disabled')).toHaveClass('badge');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { disabled: true },
    ]);
    await userEvent.click(row.getByRole('button', { name: 'Enable abc1234' }));
    expect(await row.findByText('Active')).toBeInTheDocument();
  });

  it('asks before disabling a link, and a cancelled confirmation changes nothing', async () => {
    const link = makeLink({ id: 'launch', url: 'https://shop.example.com/spring-sale' });
    const calls = stubFetch(({ method, path }) => {
      if (path === ADMIN_CHECK_STATUS_PATH) return { status: 200, body: { isAdmin: true } };
      if (method === 'GET' && path === '/api/admin/links') return { status: 200, body: [link] };
      if (method === 'PUT') return { status: 200, body: { ...link, state: 'disabled' } };
      return { status: 404, body: { error: 'Not found' } };
    });
    renderAdmin({ history: ['/admin/links'] });
    await userEvent.type(await screen.findByLabelText('Destination host or link id'), 'launch{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Disable launch' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Disable link' }));
    expect(
      dialog.getByText(
        'Disable link launch? Everyone who opens it will see “This link was disabled” instead of going to https://shop.example.com/spring-sale. You can enable it again later.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(screen.getByText('Active')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Disable launch' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Disable link' })).getByRole('button', {
        name: 'Disable',
      }),
    );
    expect(await screen.findByText('Disabled')).toHaveClass('badge');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { disabled: true },
    ]);
  });

  it('says when nothing matches and shows the server’s error when the search fails', async () => {
    let fails = false;
    stubFetch(({ path }) => {
      if (path === ADMIN_CHECK_STATUS_PATH) return { status: 200, body: { isAdmin: true } };
      return fails
        ? { status: 503, body: { error: 'The database is unavailable.' } }
        : { status: 200, body: [] };
    });
    renderAdmin({ history: ['/admin/links'] });
    const input = await screen.findByLabelText('Destination host or link id');
    await userEvent.type(input, 'nowhere.example{Enter}');
    expect(
      await screen.findByText('No links lead to a host containing “nowhere.example” or have that id.'),
    ).toBeInTheDocument();
    fails = true;
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The database is unavailable.')).toHaveClass('alert-danger');
  });
});
