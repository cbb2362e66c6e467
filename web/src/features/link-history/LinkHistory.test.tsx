import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkHistoryEntry } from '../../../../shared/link-history';
import type { ShortUrl } from '../../../../shared/links';
import { formatDateTime } from '../../lib/format';
import { fakeSocket, renderWithProviders, stubFetch } from '../../test/render';
import { makeUrl } from '../short-links/test-data';
import { LinkHistory } from './LinkHistory';

const CREATED_AT = '2026-11-27T08:00:00.000Z';
const EDITED_AT = '2026-11-27T08:30:00.000Z';

const LINK: ShortUrl = makeUrl({
  id: 'a1',
  url: 'https://a.example/page',
  shortUrl: 'http://localhost:3000/s/a1',
  createdAt: CREATED_AT,
  timestamp: CREATED_AT,
});

const CREATED: LinkHistoryEntry = {
  at: CREATED_AT,
  by: 'owner',
  kind: 'created',
  changes: { url: { from: null, to: LINK.url } },
};
const EDITED: LinkHistoryEntry = {
  at: EDITED_AT,
  by: 'owner',
  kind: 'updated',
  changes: { url: { from: LINK.url, to: 'https://b.example/page' } },
};

const items = () =>
  within(screen.getByRole('list', { name: /Changes of this link/ })).getAllByRole('listitem');

/** LINK's history, with buttons that change the link as a click and an edit do in the detail panel. */
function SelectedLink() {
  const [link, setLink] = useState(LINK);
  return (
    <>
      <button onClick={() => setLink({ ...link, clicks: link.clicks + 1 })}>Count a click</button>
      <button onClick={() => setLink({ ...link, url: 'https://b.example/page' })}>Edit</button>
      <LinkHistory link={link} />
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LinkHistory', () => {
  it('lists the changes newest first, with the exact time on hover', async () => {
    stubFetch(() => ({ status: 200, body: [EDITED, CREATED] }));
    renderWithProviders(<LinkHistory link={LINK} />);
    expect(
      await screen.findByText('Destination changed from https://a.example/page to https://b.example/page'),
    );
    expect(items().map((item) => item.firstElementChild?.textContent)).toEqual([
      'Destination changed from https://a.example/page to https://b.example/page',
      'Created for https://a.example/page',
    ]);
    const time = items()[0]?.querySelector('time');
    expect(time?.getAttribute('title')).toBe(formatDateTime(EDITED_AT));
    expect(time?.getAttribute('datetime')).toBe(EDITED_AT);
  });

  it('loads again when the link changes, and not when it is only clicked', async () => {
    let entries = [CREATED];
    const calls = stubFetch(() => ({ status: 200, body: entries }));
    renderWithProviders(<SelectedLink />);
    await screen.findByText('Created for https://a.example/page');
    fireEvent.click(screen.getByRole('button', { name: 'Count a click' }));
    entries = [EDITED, CREATED];
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByText('Destination changed from https://a.example/page to https://b.example/page');
    expect(calls.map((call) => call.path)).toEqual(['/api/urls/a1/history', '/api/urls/a1/history']);
  });

  it('loads again when the socket reconnects', async () => {
    let entries = [CREATED];
    const calls = stubFetch(() => ({ status: 200, body: entries }));
    const socket = fakeSocket();
    renderWithProviders(<LinkHistory link={LINK} />, { socket: socket.socket });
    await screen.findByText('Created for https://a.example/page');
    entries = [
      { ...EDITED, by: 'admin', kind: 'disabled', changes: { disabledAt: { from: null, to: EDITED_AT } } },
      CREATED,
    ];
    socket.fire('connect');
    expect(await screen.findByText('Disabled by an administrator')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('says when there is nothing yet, and when the history cannot be loaded', async () => {
    stubFetch(() => ({ status: 200, body: [] }));
    renderWithProviders(<LinkHistory link={LINK} />);
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    cleanup();
    stubFetch(() => ({ status: 500, body: { error: 'down' } }));
    renderWithProviders(<LinkHistory link={LINK} />);
    expect(await screen.findByText('The history could not be loaded.')).toBeInTheDocument();
  });
});
