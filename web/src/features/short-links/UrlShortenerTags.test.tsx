import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TagAnalytics } from '../../../../shared/link-tags';
import type { ShortUrl } from '../../../../shared/links';
import { stubFetch, type Call } from '../../test/render';
import { makeUrl } from './test-data';
import { renderPage, setUpPageTests } from './test-utils';
import { UrlShortenerPage } from './UrlShortenerPage';

const show = () => renderPage(<UrlShortenerPage />, { route: '/url-shortener', pattern: '/url-shortener' });
const list = () => screen.getByRole('list', { name: 'Your URLs' });
const detail = () => screen.getByTestId('url-detail');
const rows = () => within(list()).getAllByRole('listitem');
/** The rows by short path, in order (rows also hold lists of tags, so not by list item). */
const rowIds = () =>
  within(list())
    .getAllByRole('button', { name: /^\/s\// })
    .map((button) => button.textContent?.replace('/s/', ''));

const LAUNCH: TagAnalytics = {
  tag: 'launch',
  links: 2,
  totalClicks: 7,
  uniqueVisitors: 5,
  byDay: [{ day: '2026-11-20', clicks: 7 }],
  period: 'all',
};

/** A list of links, tag analytics for "launch", and every write answered with what was sent. */
function fakeServer(urls: ShortUrl[]) {
  return stubFetch(({ method, path, body }: Call) => {
    if (method === 'GET' && path === '/api/urls') return { status: 200, body: urls };
    if (method === 'GET' && path === '/api/tags/launch/analytics') return { status: 200, body: LAUNCH };
    const sent = body as Partial<ShortUrl> & { url: string };
    const created = makeUrl({ id: 'n1', url: sent.url, tags: sent.tags ?? [], note: sent.note ?? null });
    return { status: 201, body: created };
  });
}

/** Puts the text in at once (typing it key by key re-renders the page for every key). */
async function paste(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

setUpPageTests();

describe('UrlShortenerPage tags and notes', () => {
  it('shows tags as badges in the rows and the tags and note in the detail panel', async () => {
    fakeServer([
      makeUrl({ id: 'a1', tags: ['launch', 'mail'], note: 'For the April mail-out.\nSecond line.' }),
      makeUrl({ id: 'b2' }),
    ]);
    show();
    const panel = within(await screen.findByTestId('url-detail'));
    const [first, second] = rows();
    const firstTags = within(first as HTMLElement).getByRole('list', { name: 'Tags' });
    expect(
      within(firstTags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['launch', 'mail']);
    expect(within(second as HTMLElement).queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
    const notes = within(screen.getByTestId('link-notes'));
    expect(notes.getByRole('heading', { name: 'Tags and note' })).toBeInTheDocument();
    expect(notes.getByText('launch')).toBeInTheDocument();
    expect(screen.getByTestId('link-note')).toHaveTextContent('For the April mail-out. Second line.');
    expect(panel.getByTestId('link-note')).toBeInTheDocument();
    await userEvent.click(within(list()).getByRole('button', { name: /^\/s\/ ?b2$/ }));
    expect(within(detail()).queryByTestId('link-notes')).not.toBeInTheDocument();
  });

  it('filters the list by a tag, shows the tag’s totals above it, and All shows every link again', async () => {
    const calls = fakeServer([
      makeUrl({ id: 'a1', tags: ['launch', 'mail'], clicks: 3 }),
      makeUrl({ id: 'b2', tags: ['mail'] }),
      makeUrl({ id: 'c3', tags: ['launch'], clicks: 4 }),
    ]);
    show();
    await screen.findByTestId('url-detail');
    const filter = within(screen.getByRole('group', { name: 'Filter by tag' }));
    expect(filter.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All',
      'launch (2)',
      'mail (2)',
    ]);
    expect(screen.queryByTestId('tag-summary')).not.toBeInTheDocument();
    await userEvent.click(within(list()).getByRole('button', { name: /^\/s\/ ?b2$/ }));
    await userEvent.click(filter.getByRole('button', { name: 'launch (2)' }));
    expect(filter.getByRole('button', { name: 'launch (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(rowIds()).toEqual(['a1', 'c3']);
    // The selected link lacked the tag: the first one carrying it is shown instead.
    expect(within(detail()).getByText('https://example.com/a1')).toBeInTheDocument();
    const summary = within(screen.getByTestId('tag-summary'));
    expect(summary.getByRole('heading', { name: 'Tag “launch”' })).toBeInTheDocument();
    expect(await summary.findByText('Total clicks')).toBeInTheDocument();
    expect(summary.getByText('Links').nextSibling).toHaveTextContent('2');
    expect(summary.getByText('Total clicks').nextSibling).toHaveTextContent('7');
    expect(summary.getByText('Unique visitors').nextSibling).toHaveTextContent('5');
    expect(calls.some((call) => call.path === '/api/tags/launch/analytics')).toBe(true);
    await userEvent.click(filter.getByRole('button', { name: 'All' }));
    expect(rowIds()).toEqual(['a1', 'b2', 'c3']);
    expect(screen.queryByTestId('tag-summary')).not.toBeInTheDocument();
  });

  it('sends tags, a note and the UTM fields written into the long URL from the Add URL modal', async () => {
    const calls = fakeServer([]);
    show();
    await screen.findByText('No URLs yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add URL' }));
    const longUrl = dialog.getByLabelText('Long URL');
    await paste(longUrl, 'https://shop.example.com/spring?id=3');
    await userEvent.click(dialog.getByRole('button', { name: /Campaign \(UTM\) parameters/ }));
    // Typed key by key: each key rewrites the long URL, which the field then reads back.
    await userEvent.type(dialog.getByLabelText('Source (utm_source)'), 'newsletter');
    await paste(dialog.getByLabelText('Campaign (utm_campaign)'), 'spring sale');
    expect(longUrl).toHaveValue(
      'https://shop.example.com/spring?id=3&utm_source=newsletter&utm_campaign=spring%20sale',
    );
    await paste(dialog.getByLabelText('Tags'), 'Launch, mail, launch');
    const preview = within(dialog.getByRole('list', { name: 'Tags of this link' }));
    expect(preview.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['launch', 'mail']);
    await paste(dialog.getByLabelText('Note'), 'April mail-out');
    await userEvent.click(dialog.getByRole('button', { name: 'Add URL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        url: 'https://shop.example.com/spring?id=3&utm_source=newsletter&utm_campaign=spring%20sale',
        tags: ['launch', 'mail'],
        note: 'April mail-out',
      },
    ]);
    expect(within(screen.getByTestId('link-notes')).getByText('April mail-out')).toBeInTheDocument();
  });

  it('reads the UTM fields from the URL being edited, and refuses a tag that is too long', async () => {
    fakeServer([
      makeUrl({ id: 'a1', url: 'https://example.com/?utm_source=mail&utm_medium=e%2Dmail', tags: ['x'] }),
    ]);
    show();
    await screen.findByTestId('url-detail');
    await userEvent.click(within(detail()).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit URL' }));
    expect(dialog.getByRole('button', { name: /Hide campaign parameters/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(dialog.getByLabelText('Source (utm_source)')).toHaveValue('mail');
    expect(dialog.getByLabelText('Medium (utm_medium)')).toHaveValue('e-mail');
    await userEvent.clear(dialog.getByLabelText('Source (utm_source)'));
    expect(dialog.getByLabelText('Long URL')).toHaveValue('https://example.com/?utm_medium=e%2Dmail');
    expect(dialog.getByLabelText('Tags')).toHaveValue('x');
    await paste(dialog.getByLabelText('Tags'), `, ${'y'.repeat(33)}`);
    expect(dialog.getByText(`Not a tag (1 to 32 characters): “${'y'.repeat(33)}”`)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
