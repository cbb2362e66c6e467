import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CHECK_STATUS_PATH, type SessionsOverview, type SessionUsage } from '../../../../shared/admin';
import { formatDateTime } from '../../lib/format';
import { stubFetch, type Answer, type Call } from '../../test/render';
import { renderAdmin } from './test-utils';

const BIG = '0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3';
const BUSY = '7c1d9e2f-3a4b-4c5d-8e6f-a7b8c9d0e1f2';
const LAST_CAPTURE = '2026-11-20T10:00:00.000Z';

function usage(overrides: Partial<SessionUsage> & { sessionId: string }): SessionUsage {
  return {
    requests: 3,
    bytes: 1536 * 1024,
    recentRequests: 1,
    lastCaptureAt: LAST_CAPTURE,
    suspendedAt: null,
    ...overrides,
  };
}

/** A fake API holding the two sessions; suspending and deleting change what it answers next. */
function fakeServer(options: { failOverview?: () => boolean } = {}) {
  const big = usage({ sessionId: BIG });
  const busy = usage({ sessionId: BUSY, requests: 900, bytes: 40 * 1024, recentRequests: 850 });
  const overview = (): SessionsOverview => ({
    largest: [big, busy].filter((row) => row.requests > 0),
    busiest: [busy],
    suspended: [big, busy].filter((row) => row.suspendedAt !== null),
    recentSince: '2026-11-19T10:00:00.000Z',
    storage: { bytes: 3 * 1024 * 1024, budgetBytes: 4096 * 1024 * 1024 },
  });
  const answer = ({ method, path, body }: Call): Answer => {
    if (path === ADMIN_CHECK_STATUS_PATH) return { status: 200, body: { isAdmin: true } };
    if (method === 'GET' && path === '/api/admin/sessions') {
      return options.failOverview?.()
        ? { status: 503, body: { error: 'The database is unavailable.' } }
        : { status: 200, body: overview() };
    }
    if (method === 'PUT' && path === `/api/admin/sessions/${BIG}`) {
      const { suspended } = body as { suspended: boolean };
      big.suspendedAt = suspended ? '2026-11-21T08:00:00.000Z' : null;
      return { status: 200, body: big };
    }
    if (method === 'DELETE' && path === `/api/admin/sessions/${BIG}/events`) {
      const deleted = big.requests;
      Object.assign(big, { requests: 0, bytes: 0, recentRequests: 0, lastCaptureAt: null });
      return { status: 200, body: { ok: true, deleted } };
    }
    return { status: 404, body: { error: 'Not found' } };
  };
  return stubFetch(answer);
}

const list = (name: string) => screen.getByRole('region', { name });
/** The row of session `shortId` in the list named `listName`, once it is shown. */
async function rowOf(listName: string, shortId: string) {
  const region = await screen.findByRole('region', { name: listName });
  return within((await within(region).findByText(shortId)).closest('tr') as HTMLElement);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Admin Sessions tab', () => {
  it('lists the sessions holding the most storage and those capturing the most lately', async () => {
    fakeServer();
    renderAdmin({ history: ['/admin/sessions'] });
    expect(await screen.findByRole('heading', { name: 'Sessions', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');

    const big = await rowOf('Most storage', '0f8e2a4c');
    expect(big.getByText('0f8e2a4c')).toHaveAttribute('title', BIG);
    expect(big.getByText('1.5 MiB')).toHaveAttribute('title', '1,572,864 bytes');
    expect(big.getByText(formatDateTime(LAST_CAPTURE))).toBeInTheDocument();
    expect(big.getByText('Active')).toHaveClass('badge');
    expect(big.getByRole('button', { name: 'Copy id' })).toBeInTheDocument();

    const busy = await rowOf('Most captures in the last 24 hours', '7c1d9e2f');
    expect(busy.getByText('900')).toBeInTheDocument();
    expect(busy.getByText('850')).toBeInTheDocument();
    expect(busy.getByText('40.0 KiB')).toBeInTheDocument();
    expect(
      within(list('Suspended webhook URLs')).getByText('No webhook URL is suspended.'),
    ).toBeInTheDocument();
  });

  it('shows every session together against the instance’s storage budget', async () => {
    fakeServer();
    renderAdmin({ history: ['/admin/sessions'] });
    const budget = await screen.findByRole('region', { name: 'Instance storage against its budget' });
    expect(budget).toHaveTextContent(
      'All sessions together: 3.0 MiB of the instance’s 4.00 GiB budget (0%). Past it, the largest sessions lose their oldest requests first.',
    );
    expect(within(budget).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('suspends a webhook URL and lifts the suspension', async () => {
    const calls = fakeServer();
    renderAdmin({ history: ['/admin/sessions'], toasts: true });
    await userEvent.click(
      (await rowOf('Most storage', '0f8e2a4c')).getByRole('button', { name: 'Suspend 0f8e2a4c' }),
    );

    expect(
      await screen.findByText(
        'Webhook URL of 0f8e2a4c suspended: its captures now answer 410 and store nothing.',
      ),
    ).toBeInTheDocument();
    const suspended = await rowOf('Suspended webhook URLs', '0f8e2a4c');
    expect(suspended.getByText('Suspended')).toHaveClass('badge');
    expect((await rowOf('Most storage', '0f8e2a4c')).getByText('Suspended')).toBeInTheDocument();

    await userEvent.click(suspended.getByRole('button', { name: 'Lift suspension of 0f8e2a4c' }));
    expect(
      await screen.findByText('Suspension of 0f8e2a4c lifted: its webhook URL captures again.'),
    ).toBeInTheDocument();
    expect(
      await within(list('Suspended webhook URLs')).findByText('No webhook URL is suspended.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { suspended: true },
      { suspended: false },
    ]);
  });

  it('deletes a session’s requests only after the admin confirms', async () => {
    const calls = fakeServer();
    renderAdmin({ history: ['/admin/sessions'], toasts: true });
    const deleteButton = (await rowOf('Most storage', '0f8e2a4c')).getByRole('button', {
      name: 'Delete requests of 0f8e2a4c',
    });

    await userEvent.click(deleteButton);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Delete all 3 stored requests (1.5 MiB) of session 0f8e2a4c? This cannot be undone; its webhook URL keeps working.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await userEvent.click(deleteButton);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete requests' }),
    );
    expect(await screen.findByText('Deleted 3 requests of 0f8e2a4c.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/admin/sessions/${BIG}/events`,
    ]);
    await vi.waitFor(() =>
      expect(within(list('Most storage')).queryByText('0f8e2a4c')).not.toBeInTheDocument(),
    );
  });

  it('says when the sessions cannot be loaded and loads them on Retry', async () => {
    let fails = true;
    fakeServer({ failOverview: () => fails });
    renderAdmin({ history: ['/admin/sessions'] });
    expect(await screen.findByText('Failed to load sessions')).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Most storage', '0f8e2a4c')).toBeDefined();
  });
});
