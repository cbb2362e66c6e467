import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ShortUrl } from '../../../../shared/links';
import { URL_CLICK } from '../../../../shared/realtime';
import { stubFetch, type Call } from '../../test/render';
import { makeUrl } from './test-data';
import { renderPage, setUpPageTests } from './test-utils';
import { UrlShortenerPage } from './UrlShortenerPage';

const LONG = 'https://example.com/a/very/long/path/that/keeps/going/and/going/for/a/while/'; // 76 characters

/** A small in-memory server for /api/urls. */
function fakeServer(initial: ShortUrl[]) {
  let urls = [...initial];
  let nextId = 100;
  const calls = stubFetch(({ method, path, body }: Call) => {
    const id = path.split('/')[3];
    const url = (body as { url?: string } | undefined)?.url ?? '';
    if (method === 'GET' && path === '/api/urls') return { status: 200, body: urls };
    if (method === 'GET' && path.endsWith('/history')) return { status: 200, body: [] };
    if (method === 'POST' && path === '/api/urls') {
      const created = makeUrl({ id: `n${nextId++}`, url });
      urls = [created, ...urls];
      return { status: 201, body: created };
    }
    const existing = urls.find((item) => item.id === id);
    if (!existing) return { status: 404, body: { error: 'Short URL not found' } };
    if (method === 'PUT') {
      const edited = { ...existing, url };
      urls = urls.map((item) => (item.id === id ? edited : item));
      return { status: 200, body: edited };
    }
    urls = urls.filter((item) => item.id !== id);
    return { status: 200, body: { ok: true } };
  });
  return { calls, writes: () => calls.filter((call) => call.method !== 'GET') };
}

const show = () => renderPage(<UrlShortenerPage />, { route: '/url-shortener', pattern: '/url-shortener' });

const detail = () => screen.getByTestId('url-detail');
const list = () => screen.getByRole('list', { name: 'Your URLs' });

setUpPageTests();

describe('UrlShortenerPage', () => {
  it("shows 'No URLs yet' and 'No URL selected' when there are none", async () => {
    fakeServer([]);
    show();
    expect(await screen.findByText('No URLs yet')).toBeInTheDocument();
    expect(screen.getByText('No URL selected')).toBeInTheDocument();
    expect(document.title).toBe('URL Shortener – Hookbay');
  });

  it('selects the first URL on load and shows its details, Space Saved and Status Active', async () => {
    fakeServer([makeUrl({ id: 'a1', url: LONG, clicks: 4 }), makeUrl({ id: 'b2' })]);
    show();
    const panel = within(await screen.findByTestId('url-detail'));
    expect(panel.getByText(LONG)).toBeInTheDocument();
    expect(panel.getByText('http://localhost:3000/s/a1')).toBeInTheDocument();
    expect(panel.getByText('Space Saved').nextSibling).toHaveTextContent('61%');
    expect(panel.getByText('Total Clicks').nextSibling).toHaveTextContent('4');
    expect(panel.getByText('Status').nextSibling).toHaveTextContent('Active');
    expect(panel.getByText('Created').nextSibling).not.toHaveTextContent('Invalid date');
    const open = panel.getByRole('link', { name: 'Open Original URL' });
    expect(open).toHaveAttribute('href', LONG);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(list()).getAllByRole('link', { name: 'View analytics' })[0]).toHaveAttribute(
      'href',
      '/url-shortener/analytics/a1',
    );
  });

  it('shows 0% Space Saved for a short URL and selects another URL on click', async () => {
    fakeServer([makeUrl({ id: 'a1', url: LONG }), makeUrl({ id: 'b2', url: 'https://short.example.com' })]);
    show();
    await screen.findByTestId('url-detail');
    await userEvent.click(within(list()).getByRole('button', { name: /^\/s\/ ?b2$/ }));
    expect(within(detail()).getAllByText('https://short.example.com')).not.toHaveLength(0);
    expect(within(detail()).getByText('Space Saved').nextSibling).toHaveTextContent('0%');
  });

  it('each row shows what sets its link apart: id, destination host and path end, clicks', async () => {
    fakeServer([
      makeUrl({
        id: 'launch',
        alias: 'launch',
        url: 'https://example.com/blog/2026/spring-launch',
        clicks: 12,
      }),
      makeUrl({ id: 'k3Xa9Qz', url: 'https://example.com/blog/2026/pricing?ref=mail', clicks: 1 }),
    ]);
    show();
    await screen.findByTestId('url-detail');
    // The accessible name is the short path; the destination describes it.
    const button = (id: string) => within(list()).getByRole('button', { name: new RegExp(`^/s/ ?${id}$`) });
    expect(button('launch')).toHaveAccessibleDescription(/^example\.com ?\/…\/spring-launch$/);
    expect(button('k3Xa9Qz')).toHaveAccessibleDescription(/^example\.com ?\/…\/pricing\?ref=mail$/);
    const [first, second] = within(list()).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText('12 clicks')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('1 click')).toBeInTheDocument();
    expect(within(list()).queryByText(/^https?:/)).not.toBeInTheDocument();
  });

  it('a new link is shown in a toast with its short URL and a Copy button', async () => {
    fakeServer([]);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show();
    await screen.findByText('No URLs yet');
    await userEvent.type(screen.getByRole('textbox', { name: 'Long URL to shorten' }), `${LONG}{Enter}`);
    const toast = (
      await screen.findByText('URL added successfully!', { selector: '.Toastify__toast *' })
    ).closest('.Toastify__toast') as HTMLElement;
    expect(within(toast).getByText('http://localhost:3000/s/n100')).toBeInTheDocument();
    await userEvent.click(within(toast).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/s/n100');
    expect(await screen.findByText('Short URL copied to clipboard')).toBeInTheDocument();
  });

  it('copies the short URL with a toast', async () => {
    fakeServer([makeUrl({ id: 'a1' })]);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show();
    await screen.findByTestId('url-detail');
    const shortCard = screen.getByRole('heading', { name: /^Short URL/ }).closest('.card') as HTMLElement;
    await userEvent.click(within(shortCard).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/s/a1');
    expect(await screen.findByText('Short URL copied to clipboard')).toBeInTheDocument();
  });

  it('an invalid URL shows the exact toast and sends nothing', async () => {
    const server = fakeServer([]);
    show();
    await screen.findByText('No URLs yet');
    const shorten = screen.getByRole('button', { name: 'Shorten' });
    expect(shorten).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Long URL to shorten' }), 'example.com{Enter}');
    expect(
      await screen.findByText('Please enter a valid URL starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it('quick add sends the trimmed URL, prepends and selects it, and reports success', async () => {
    const server = fakeServer([makeUrl({ id: 'a1' })]);
    show();
    await screen.findByTestId('url-detail');
    const input = screen.getByRole('textbox', { name: 'Long URL to shorten' });
    await userEvent.type(input, `  ${LONG}  {Enter}`);
    expect(await screen.findByRole('status')).toHaveTextContent('URL added successfully!');
    expect(screen.getAllByText('URL added successfully!')).toHaveLength(2); // banner and toast
    expect(server.writes()).toEqual([{ method: 'POST', path: '/api/urls', search: '', body: { url: LONG } }]);
    expect(within(detail()).getByText(LONG)).toBeInTheDocument();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    expect(input).toHaveValue('');
  });

  /** Answers the list with no links and every add with `answer` (a thrown error: the network failed). */
  function failingAdds(answer: () => { status: number; body?: unknown }) {
    stubFetch(({ method }) => (method === 'GET' ? { status: 200, body: [] } : answer()));
  }

  async function quickAdd() {
    show();
    await screen.findByText('No URLs yet');
    await userEvent.type(screen.getByRole('textbox', { name: 'Long URL to shorten' }), `${LONG}{Enter}`);
  }

  it("quick add says 'Failed to add URL' and the server's reason when refused (400)", async () => {
    failingAdds(() => ({ status: 400, body: { error: 'Only http and https URLs can be shortened.' } }));
    await quickAdd();
    // The banner above the field and the toast.
    expect(
      await screen.findAllByText('Failed to add URL: Only http and https URLs can be shortened.'),
    ).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Long URL to shorten' })).toHaveValue(LONG);
  });

  it("quick add says 'Failed to add URL' and the server's reason when the server fails with one (500)", async () => {
    failingAdds(() => ({ status: 500, body: { error: 'Something went wrong on our side.' } }));
    await quickAdd();
    expect(await screen.findAllByText('Failed to add URL: Something went wrong on our side.')).toHaveLength(
      2,
    );
  });

  it("quick add says 'Failed to add URL' alone when the network fails or the answer has no reason", async () => {
    failingAdds(() => {
      throw new TypeError('Failed to fetch');
    });
    await quickAdd();
    expect(await screen.findAllByText('Failed to add URL')).toHaveLength(2);
    cleanup();
    failingAdds(() => ({ status: 502, body: {} }));
    await quickAdd();
    expect(await screen.findAllByText('Failed to add URL')).toHaveLength(2);
  });

  it("quick add gives the server's words after 'Failed to add URL' when creating is refused for now (429)", async () => {
    failingAdds(() => ({
      status: 429,
      body: {
        error: 'You have created 30 links in the last minute. Please wait a moment before creating more.',
      },
    }));
    await quickAdd();
    expect(
      await screen.findAllByText(
        'Failed to add URL: You have created 30 links in the last minute. Please wait a moment before creating more.',
      ),
    ).toHaveLength(2);
  });

  it('the Add URL modal reports a failed add in the same words and stays open', async () => {
    failingAdds(() => ({ status: 500, body: { error: 'Something went wrong on our side.' } }));
    show();
    await screen.findByText('No URLs yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add URL' }));
    await userEvent.click(dialog.getByLabelText('Long URL'));
    await userEvent.paste(LONG);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findAllByText('Failed to add URL: Something went wrong on our side.')).toHaveLength(
      2,
    );
    expect(screen.getByRole('dialog', { name: 'Add URL' })).toBeInTheDocument();
  });

  it('adds a URL through the Add URL modal', async () => {
    const server = fakeServer([]);
    show();
    await screen.findByText('No URLs yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add URL' });
    const save = within(dialog).getByRole('button', { name: 'Add URL' });
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Long URL'), 'ftp://nope');
    await userEvent.click(save);
    expect(
      await screen.findByText('Please enter a valid URL starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText('Long URL'));
    await userEvent.type(within(dialog).getByLabelText('Long URL'), 'https://docs.example.com/x{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(detail()).getByText('https://docs.example.com/x')).toBeInTheDocument();
    expect(server.writes()).toHaveLength(1);
  });

  it('sends the options of "More options" and offers a free alias when the chosen one is taken', async () => {
    const calls = stubFetch(({ method, body }) => {
      if (method === 'GET') return { status: 200, body: [] };
      const sent = body as { alias?: string; url: string };
      if (sent.alias === 'launch') {
        return {
          status: 409,
          body: { error: 'This alias is already taken; choose another.', suggestion: 'launch-2' },
        };
      }
      return {
        status: 201,
        body: makeUrl({ id: sent.alias ?? 'x1', url: sent.url, alias: sent.alias, hasPassword: true }),
      };
    });
    show();
    await screen.findByText('No URLs yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add URL' }));
    await userEvent.type(dialog.getByLabelText('Long URL'), 'https://docs.example.com/x');
    await userEvent.click(dialog.getByRole('button', { name: /More options/ }));
    await userEvent.type(dialog.getByLabelText('Alias'), 'launch');
    await userEvent.type(dialog.getByLabelText('Click limit'), '50');
    await userEvent.type(dialog.getByLabelText('Password'), 'open sesame');
    await userEvent.click(dialog.getByRole('button', { name: 'Add URL' }));
    // Said once, beside the alias: no toast and no banner repeat it.
    expect(await dialog.findByText('This alias is already taken; choose another.')).toBeInTheDocument();
    expect(screen.getAllByText('This alias is already taken; choose another.')).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(await dialog.findByRole('button', { name: 'Use “launch-2”' }));
    expect(dialog.getByLabelText('Alias')).toHaveValue('launch-2');
    expect(dialog.queryByText('This alias is already taken; choose another.')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Add URL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { url: 'https://docs.example.com/x', alias: 'launch', maxClicks: 50, password: 'open sesame' },
      { url: 'https://docs.example.com/x', alias: 'launch-2', maxClicks: 50, password: 'open sesame' },
    ]);
    expect(within(list()).getByText('Password-protected')).toBeInTheDocument();
  });

  it('shows the options in the detail panel and markers in the list', async () => {
    fakeServer([
      makeUrl({
        id: 'launch',
        alias: 'launch',
        clicks: 3,
        maxClicks: 10,
        expiresAt: '2030-01-31T18:00:00.000Z',
        hasPassword: true,
        state: 'password-protected',
      }),
    ]);
    show();
    const panel = within(await screen.findByTestId('url-detail'));
    expect(panel.getByText('3 of 10 used')).toBeInTheDocument();
    expect(panel.getByText('Password-protected', { selector: '.badge' })).toBeInTheDocument();
    expect(panel.getByText('Yes')).toBeInTheDocument();
    expect(within(list()).getByText('Limited to 10 clicks')).toBeInTheDocument();
    expect(within(list()).getByText(/^Expires /)).toBeInTheDocument();
  });

  it('removes the password of a link on edit', async () => {
    const server = fakeServer([makeUrl({ id: 'a1', hasPassword: true, state: 'password-protected' })]);
    show();
    await screen.findByTestId('url-detail');
    await userEvent.click(within(detail()).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit URL' }));
    await userEvent.click(dialog.getByLabelText('Remove password'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual({ url: 'https://example.com/a1', password: null });
  });

  it('edits the selected URL through the Edit URL modal', async () => {
    const server = fakeServer([makeUrl({ id: 'a1', url: 'https://old.example.com' })]);
    show();
    await screen.findByTestId('url-detail');
    await userEvent.click(within(detail()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit URL' });
    const input = within(dialog).getByLabelText('Long URL');
    expect(input).toHaveValue('https://old.example.com');
    await userEvent.clear(input);
    await userEvent.type(input, 'https://new.example.com/page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('URL updated successfully!')).toHaveLength(2);
    expect(server.writes()).toEqual([
      { method: 'PUT', path: '/api/urls/a1', search: '', body: { url: 'https://new.example.com/page' } },
    ]);
    expect(within(detail()).getByText('https://new.example.com/page')).toBeInTheDocument();
  });

  it("shows the product's message when an update fails", async () => {
    stubFetch(({ method, path }) =>
      method === 'GET'
        ? { status: 200, body: path.endsWith('/history') ? [] : [makeUrl({ id: 'a1' })] }
        : { status: 404, body: { error: 'Not found' } },
    );
    show();
    await screen.findByTestId('url-detail');
    await userEvent.click(within(detail()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit URL' });
    await userEvent.type(within(dialog).getByLabelText('Long URL'), '/more{Enter}');
    expect(
      await screen.findAllByText('Failed to update URL - Update endpoint may not be available'),
    ).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Edit URL' })).toBeInTheDocument();
  });

  it('deleting asks for confirmation, then removes the URL and selects the next one', async () => {
    const server = fakeServer([makeUrl({ id: 'a1' }), makeUrl({ id: 'b2' })]);
    show();
    await screen.findByTestId('url-detail');
    await userEvent.click(within(list()).getAllByRole('button', { name: 'Delete URL' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this URL?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.writes()).toEqual([]);

    await userEvent.click(within(list()).getAllByRole('button', { name: 'Delete URL' })[0] as HTMLElement);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findAllByText('URL deleted successfully!')).toHaveLength(2);
    expect(server.writes()).toEqual([
      { method: 'DELETE', path: '/api/urls/a1', search: '', body: undefined },
    ]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(detail()).getByText('https://example.com/b2')).toBeInTheDocument();
  });

  it("shows 'Failed to delete URL' when the delete fails", async () => {
    stubFetch(({ method, path }) =>
      method === 'GET'
        ? { status: 200, body: path.endsWith('/history') ? [] : [makeUrl({ id: 'a1' })] }
        : { status: 500 },
    );
    show();
    await screen.findByTestId('url-detail');
    await userEvent.click(within(list()).getByRole('button', { name: 'Delete URL' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findAllByText('Failed to delete URL')).toHaveLength(2);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it("shows 'Failed to fetch URLs' when the list cannot be loaded", async () => {
    stubFetch(() => ({ status: 403, body: { error: 'Forbidden' } }));
    show();
    expect(await screen.findAllByText('Failed to fetch URLs')).toHaveLength(2); // toast and list
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a live click updates the count and shows the click toast', async () => {
    fakeServer([makeUrl({ id: 'a1', clicks: 1 })]);
    const socket = show();
    await screen.findByTestId('url-detail');
    socket.fire(URL_CLICK, { urlId: 'a1', totalClicks: 9 });
    expect(await screen.findByText('New click on URL #a1!')).toBeInTheDocument();
    expect(within(list()).getByText('9 clicks')).toBeInTheDocument();
    expect(within(detail()).getByText('Total Clicks').nextSibling).toHaveTextContent('9');
  });
});
