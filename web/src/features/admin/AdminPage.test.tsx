import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CHECK_STATUS_PATH } from '../../../../shared/admin';
import { buildSuggestionStats, type Suggestion } from '../../../../shared/suggestions';
import { fakeSession, stubFetch, type Answer, type Call } from '../../test/render';
import { makeSuggestion, renderAdmin } from './test-utils';

interface ServerOptions {
  isAdmin?: boolean;
  /** Replaces the answer of the admin check. */
  check?: () => Answer | Promise<Answer>;
  /** Replaces the answer of an update. */
  onPut?: (call: Call) => Answer;
  listFails?: boolean;
}

/** An in-memory API for the admin calls. */
function fakeServer(initial: Suggestion[], options: ServerOptions = {}) {
  let all = [...initial];
  const calls = stubFetch(async (call) => {
    const { method, path } = call;
    if (path === ADMIN_CHECK_STATUS_PATH)
      return options.check?.() ?? { status: 200, body: { isAdmin: options.isAdmin ?? true } };
    if (path === '/api/admin/suggestions-stats') {
      const counts = all.map((item) => ({ status: item.status, count: 1 }));
      return { status: 200, body: buildSuggestionStats(counts) };
    }
    if (method === 'GET' && path === '/api/admin/suggestions') {
      return options.listFails ? { status: 500, body: { error: 'boom' } } : { status: 200, body: all };
    }
    const status = path.match(/^\/api\/admin\/suggestions\/([a-z_]+)$/)?.[1];
    if (method === 'GET' && status)
      return { status: 200, body: all.filter((item) => item.status === status) };
    const id = Number(path.match(/^\/api\/admin\/suggestions\/(\d+)$/)?.[1]);
    if (method === 'PUT' && id) {
      if (options.onPut) return options.onPut(call);
      const change = call.body as Pick<Suggestion, 'status' | 'adminNotes'>;
      all = all.map((item) =>
        item.id === id ? { ...item, ...change, updatedAt: new Date().toISOString() } : item,
      );
      return { status: 200, body: all.find((item) => item.id === id) };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
  const paths = (method = 'GET') => calls.filter((call) => call.method === method).map((call) => call.path);
  return { calls, paths };
}

const sample = [
  makeSuggestion({ id: 3, title: 'Replay requests', status: 'pending', email: 'dev@example.com' }),
  makeSuggestion({ id: 2, title: 'Typo on About', status: 'approved', category: 'bug_report' }),
  makeSuggestion({ id: 1, title: 'Faster list', status: 'in_progress', category: 'improvement' }),
];

const stat = (label: string) => screen.getByRole('group', { name: label });
const card = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminPage guard', () => {
  it("shows 'Checking permissions...', then Access Denied with both buttons for a non-admin", async () => {
    fakeServer(sample, { isAdmin: false });
    renderAdmin();
    expect(screen.getByText('Checking permissions...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/suggestions');
    expect(screen.queryByText('Suggestions Management')).not.toBeInTheDocument();
    expect(document.title).toBe('Admin Panel – Hookbay');
  });

  it('treats a failed admin check (500) as not admin', async () => {
    const server = fakeServer(sample, {
      check: () => ({ status: 500, body: { error: 'Internal Server Error' } }),
    });
    renderAdmin();
    expect(screen.getByText('Checking permissions...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeInTheDocument();
    expect(server.paths()).toEqual([ADMIN_CHECK_STATUS_PATH]);
  });

  it('Go Back returns to the previous page and Go to Home opens /suggestions', async () => {
    fakeServer(sample, { isAdmin: false });
    renderAdmin({ history: ['/webhook', '/admin'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Previous page')).toBeInTheDocument();

    cleanup();
    renderAdmin();
    await userEvent.click(await screen.findByRole('link', { name: 'Go to Home' }));
    expect(await screen.findByText('Suggestions page')).toBeInTheDocument();
  });

  it('a failed session counts as not admin', async () => {
    fakeServer(sample);
    renderAdmin({ session: fakeSession({ user: null, status: 'error' }) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });
});

describe('AdminPage for an admin', () => {
  it('shows the sidebar, the stats cards and every suggestion with its details', async () => {
    fakeServer(sample);
    renderAdmin();
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Suggestions Management',
      'Links',
      'Orphan visits',
      'Sessions',
      'Dashboard',
      'User Management',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Suggestions Management' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    expect(await screen.findByText('Replay requests')).toBeInTheDocument();
    await waitFor(() => expect(stat('Total')).toHaveTextContent('3'));
    expect(stat('Pending')).toHaveTextContent('1');
    expect(stat('Approved')).toHaveTextContent('1');
    expect(stat('In Progress')).toHaveTextContent('1');

    const first = within(card('Replay requests'));
    expect(first.getByText('The chart is hard to read at night.')).toBeInTheDocument();
    expect(first.getByText('0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3')).toHaveClass('font-monospace');
    expect(first.getByText('Feature Request')).toBeInTheDocument();
    expect(first.getByText('Pending', { selector: '.badge' })).toHaveClass('bg-warning-subtle');
    expect(first.getByRole('link', { name: 'dev@example.com' })).toHaveAttribute(
      'href',
      'mailto:dev@example.com',
    );
    expect(first.getByText('Created').nextSibling).not.toHaveTextContent('Invalid date');
    expect(within(card('Typo on About')).queryByText('Email')).not.toBeInTheDocument();
    expect(within(card('Faster list')).getByText('Improvement')).toBeInTheDocument();
  });

  it('shows the placeholders on the other tabs, through nested routes', async () => {
    fakeServer(sample);
    renderAdmin({ history: ['/admin/dashboard'] });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/Dashboard is coming soon/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'User Management' }));
    expect(await screen.findByText(/User Management is coming soon/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByText(/Settings is coming soon/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Suggestions Management' }));
    expect(await screen.findByText('Replay requests')).toBeInTheDocument();
  });

  it('filters by status through /api/admin/suggestions/{status}, and All goes back to every suggestion', async () => {
    const server = fakeServer(sample);
    renderAdmin({ history: ['/admin/suggestions'] });
    await screen.findByText('Replay requests');
    const filter = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Approved', 'Rejected', 'In Progress']);

    await userEvent.selectOptions(filter, 'Approved');
    await waitFor(() => expect(screen.queryByText('Replay requests')).not.toBeInTheDocument());
    expect(screen.getByText('Typo on About')).toBeInTheDocument();
    expect(server.paths()).toContain('/api/admin/suggestions/approved');

    await userEvent.selectOptions(filter, 'Rejected');
    expect(await screen.findByText('No suggestions are Rejected.')).toBeInTheDocument();

    await userEvent.selectOptions(filter, 'All');
    expect(await screen.findByText('Replay requests')).toBeInTheDocument();
    expect(server.paths().filter((path) => path === '/api/admin/suggestions')).not.toHaveLength(0);
  });

  it('updates a suggestion, shows the green banner and refreshes the stats and the list', async () => {
    const server = fakeServer(sample);
    renderAdmin();
    await screen.findByText('Replay requests');
    await waitFor(() => expect(stat('Approved')).toHaveTextContent('1'));
    const form = within(screen.getByRole('form', { name: 'Update “Replay requests”' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Status' }), 'Approved');
    await userEvent.type(form.getByRole('textbox', { name: 'Admin notes' }), 'Shipping next week');
    await userEvent.click(form.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Suggestion updated successfully!')).toHaveClass('alert-success');
    expect(server.calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/admin/suggestions/3',
      search: '',
      body: { status: 'approved', adminNotes: 'Shipping next week' },
    });
    await waitFor(() => expect(stat('Approved')).toHaveTextContent('2'));
    expect(stat('Pending')).toHaveTextContent('0');
    expect(
      await within(card('Replay requests')).findByText('Approved', { selector: '.badge' }),
    ).toBeInTheDocument();
    expect(server.paths().filter((path) => path === '/api/admin/suggestions-stats')).toHaveLength(2);
    expect(server.paths().filter((path) => path === '/api/admin/suggestions')).toHaveLength(2);
  });

  it("shows the server's error, or 'Failed to update suggestion', in red when an update fails", async () => {
    fakeServer(sample, { onPut: () => ({ status: 404, body: { error: 'Suggestion not found' } }) });
    renderAdmin();
    await screen.findByText('Replay requests');
    await userEvent.click(within(card('Replay requests')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Suggestion not found')).toHaveClass('alert-danger');

    cleanup();
    fakeServer(sample, { onPut: () => ({ status: 500, body: {} }) });
    renderAdmin();
    await screen.findByText('Replay requests');
    await userEvent.click(within(card('Replay requests')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update suggestion')).toHaveClass('alert-danger');
  });

  it("shows the server's error text for a server failure too", async () => {
    fakeServer(sample, { onPut: () => ({ status: 503, body: { error: 'The database is unavailable.' } }) });
    renderAdmin();
    await screen.findByText('Replay requests');
    await userEvent.click(within(card('Replay requests')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The database is unavailable.')).toHaveClass('alert-danger');
  });

  it("shows 'Failed to fetch suggestions' when the list cannot be loaded", async () => {
    fakeServer(sample, { listFails: true });
    renderAdmin();
    expect(await screen.findByText('Failed to fetch suggestions')).toBeInTheDocument();
  });

  it('renders user-typed markup as text', async () => {
    fakeServer([
      makeSuggestion({
        title: '<script>alert("admin")</script>',
        description: '<img src=x onerror=alert(1)>',
        adminNotes: '<b>note</b>',
      }),
    ]);
    renderAdmin();
    expect(await screen.findByText('<script>alert("admin")</script>')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(screen.getByRole('textbox', { name: 'Admin notes' })).toHaveValue('<b>note</b>');
    expect(document.querySelector('script, img, b')).toBeNull();
  });
});
