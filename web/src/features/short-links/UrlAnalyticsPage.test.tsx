import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UrlAnalytics } from '../../../../shared/links';
import { URL_CLICK } from '../../../../shared/realtime';
import { SESSION_ID, stubFetch } from '../../test/render';
import { utcDay } from './analytics-format';
import { makeAnalytics, makeClick } from './test-data';
import { renderPage, setUpPageTests } from './test-utils';
import { UrlAnalyticsPage } from './UrlAnalyticsPage';

const show = () =>
  renderPage(<UrlAnalyticsPage />, {
    route: '/url-shortener/analytics/abc123',
    pattern: '/url-shortener/analytics/:urlId',
  });

function serve(analytics: UrlAnalytics | undefined) {
  return stubFetch(() => ({ status: 200, body: analytics }));
}

setUpPageTests();

describe('UrlAnalyticsPage', () => {
  it('asks for the analytics of the URL in the address and shows its info and numbers', async () => {
    const calls = serve(makeAnalytics({ totalClicks: 12, uniqueVisitors: 7, botClicks: 3 }));
    show();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/s/abc123/analytics', search: '?period=30d' });
    // The title cuts the URL at 50 characters and keeps the whole of it on hover.
    const { url } = makeAnalytics();
    const cut = `${url.slice(0, 50)}…`;
    expect(cut).toBe('https://example.com/a/very/long/path/that/goes/on/…');
    expect(heading).toHaveTextContent(`Analytics for ${cut}`);
    expect(heading).toHaveAttribute('title', url);
    expect(document.title).toBe(`URL Analytics: ${cut} – Hookbay`);
    const [total, unique] = screen.getAllByTestId('stat');
    expect(total).toHaveTextContent('12Total Clicks3 bot/preview visits not counted');
    expect(unique).toHaveTextContent('7Unique Visitors');
    expect(screen.getAllByText('http://localhost:3000/s/abc123')).not.toHaveLength(0);
  });

  it("shows the 'Click Details' table with its columns, cuts and bot badge", async () => {
    const userAgent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15';
    const referer = 'https://www.example.org/articles/2026/11/a-long-slug';
    serve(
      makeAnalytics({
        totalClicks: 1,
        recentClicks: [
          makeClick({
            id: 2,
            isBot: true,
            botReason: 'link preview: Slackbot',
            city: null,
            region: null,
            country: null,
          }),
          makeClick({
            id: 1,
            userAgent,
            referer,
            city: 'Bracknell',
            region: null,
            country: 'GB',
            isp: 'AS20712 A&A',
          }),
        ],
      }),
    );
    show();
    expect(await screen.findByRole('heading', { name: 'Click Details' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Click Details' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Timestamp', 'IP Address', 'Location', 'User Agent', 'Referer', 'ISP']);
    const [, botRow, humanRow] = within(table).getAllByRole('row');
    const bot = within(botRow as HTMLElement);
    expect(bot.getByText('bot')).toHaveAttribute('title', 'link preview: Slackbot');
    expect(bot.getByText('Unknown')).toBeInTheDocument();
    const cells = within(humanRow as HTMLElement).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('203.0.113.7');
    expect(cells[2]).toHaveTextContent('Bracknell, GB');
    expect(cells[3]).toHaveTextContent(`${userAgent.slice(0, 40)}…`);
    expect(cells[3]).toHaveAttribute('title', userAgent);
    expect(cells[4]).toHaveTextContent(`${referer.slice(0, 30)}…`);
    expect(cells[4]).toHaveAttribute('title', referer);
    expect(cells[5]).toHaveTextContent('AS20712 A&A');
    expect(within(humanRow as HTMLElement).queryByText('bot')).not.toBeInTheDocument();
  });

  it('shows each click as a card of labelled facts on a phone', async () => {
    const happyDom = (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM;
    happyDom.setViewport({ width: 390, height: 844 });
    try {
      const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile';
      serve(
        makeAnalytics({
          totalClicks: 1,
          recentClicks: [
            makeClick({ id: 2, isBot: true, botReason: 'link preview: Slackbot', referer: null }),
            makeClick({ id: 1, userAgent, city: 'Bracknell', region: null, country: 'GB' }),
          ],
        }),
      );
      show();
      const list = await screen.findByRole('list', { name: 'Click Details' });
      expect(screen.queryByRole('table', { name: 'Click Details' })).not.toBeInTheDocument();
      const [bot, human] = within(list).getAllByRole('listitem');
      const facts = (card: HTMLElement | undefined) =>
        within(card as HTMLElement)
          .getAllByRole('term')
          .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
      expect(facts(human)).toEqual([
        `Timestamp: ${new Date('2026-11-21T08:30:00.000Z').toLocaleString()}`,
        'IP Address: 203.0.113.7',
        'Location: Bracknell, GB',
        `User Agent: ${userAgent.slice(0, 40)}…`,
        'Referer: https://news.example.org/some/…',
        'ISP: Example Networks GmbH',
      ]);
      expect(within(bot as HTMLElement).getByText('bot')).toHaveAttribute('title', 'link preview: Slackbot');
      expect(facts(bot)).toContain('Referer: Direct');
    } finally {
      happyDom.setViewport({ width: 1024, height: 768 });
    }
  });

  it("shows 'No clicks yet' when there are none", async () => {
    serve(makeAnalytics());
    show();
    expect(await screen.findByText('No clicks yet')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Click Details' })).not.toBeInTheDocument();
  });

  it('draws clicks per day for the last 30 days and the top lists', async () => {
    const today = utcDay(new Date());
    serve(
      makeAnalytics({
        byDay: [{ day: today, clicks: 5 }],
        byCountry: [
          { name: 'DE', clicks: 4 },
          { name: 'GB', clicks: 1 },
        ],
        byReferrer: [{ name: '', clicks: 2 }],
      }),
    );
    show();
    const chart = await screen.findByRole('img', { name: /last 30 days, 5 in total/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(screen.getByRole('cell', { name: today })).toBeInTheDocument();
    const countries = within(screen.getByRole('list', { name: 'Top countries' }));
    expect(countries.getByText('DE')).toBeInTheDocument();
    expect(countries.getByText('4')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Top referrers' })).getByText('Direct'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('No data yet')).toHaveLength(3);
  });

  it('switches the period of the chart and the lists, and shows devices', async () => {
    const calls = stubFetch(({ search }) => ({
      status: 200,
      body: makeAnalytics({
        period: search === '?period=7d' ? '7d' : '30d',
        byDevice: [
          { name: 'desktop', clicks: search === '?period=7d' ? 2 : 6 },
          { name: 'mobile', clicks: 3 },
          { name: 'tablet', clicks: 0 },
          { name: 'bot', clicks: 1 },
        ],
      }),
    }));
    show();
    const devices = () => within(screen.getByRole('list', { name: 'Devices' }));
    await screen.findByRole('img', { name: /last 30 days/ });
    expect(devices().getByText('Desktop').nextSibling).toHaveTextContent('6');
    expect(devices().getByText('Mobile')).toBeInTheDocument();
    expect(devices().queryByText('Tablet')).not.toBeInTheDocument();
    expect(devices().getByText('Bot')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    const chart = await screen.findByRole('img', { name: /last 7 days/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(calls.at(-1)).toMatchObject({ path: '/s/abc123/analytics', search: '?period=7d' });
    expect(devices().getByText('Desktop').nextSibling).toHaveTextContent('2');
  });

  it("shows the link's state and options", async () => {
    serve(
      makeAnalytics({
        state: 'limit-reached',
        totalClicks: 5,
        maxClicks: 5,
        hasPassword: true,
      }),
    );
    show();
    const state = within(await screen.findByTestId('link-state'));
    expect(state.getByText('Limit reached')).toHaveClass('badge');
    expect(state.getByText('· Click limit: 5 of 5 used')).toBeInTheDocument();
    expect(state.getByText('· Password-protected')).toBeInTheDocument();
  });

  it('links the CSV download with the session and offers the QR code', async () => {
    serve(makeAnalytics());
    show();
    const csv = await screen.findByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe(
      `http://localhost:3000/s/abc123/analytics?format=csv&sessionId=${SESSION_ID}`,
    );
    const qr = await screen.findByRole('img', { name: 'QR code for http://localhost:3000/s/abc123' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: 'Download QR code' })).toHaveAttribute(
      'download',
      'short-link-abc123-qr.png',
    );
  });

  it("shows the server's error with a Back button, and the toast", async () => {
    stubFetch(() => ({ status: 404, body: { error: 'Short URL not found' } }));
    show();
    expect(await screen.findByText('Short URL not found')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch analytics data')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
  });

  it("shows the server's error text for a server failure too", async () => {
    stubFetch(() => ({ status: 503, body: { error: 'The database is unavailable.' } }));
    show();
    expect(await screen.findByText('The database is unavailable.')).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch analytics data' when the request does not get through", async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    show();
    expect(await screen.findAllByText('Failed to fetch analytics data')).toHaveLength(2); // alert and toast
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/url-shortener');
  });

  it("warns 'No analytics data found' when the answer is empty", async () => {
    serve(undefined);
    show();
    expect(await screen.findByText('No analytics data found')).toBeInTheDocument();
  });

  it('refetches on a live click for this URL only', async () => {
    const calls = serve(makeAnalytics({ totalClicks: 1 }));
    const socket = show();
    await screen.findByRole('heading', { level: 1 });
    socket.fire(URL_CLICK, { urlId: 'other', totalClicks: 4 });
    socket.fire(URL_CLICK, { urlId: 'abc123', totalClicks: 2 });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });
});
