import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithProviders, SESSION_ID } from '../test/render';
import { AboutPage } from './AboutPage';
import { ComingSoonPage, CronSchedulerPage, RequestParserPage } from './ComingSoonPage';
import { LandingPage } from './LandingPage';
import { NotFoundPage } from './NotFoundPage';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LandingPage', () => {
  const WEBHOOK_URL = `${window.location.origin}/webhook/${SESSION_ID}`;

  it('links Get Started Free to the Webhook Inspector', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/webhook');
    expect(screen.getByRole('heading', { level: 1, name: 'Webhook Inspector' })).toBeInTheDocument();
    expect(document.title).toBe('Free Webhook Inspector – Hookbay');
  });

  it("shows the visitor's own webhook URL, and its Copy copies it", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<LandingPage />, { toasts: true });
    expect(screen.getByLabelText('Your webhook URL')).toHaveValue(WEBHOOK_URL);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(WEBHOOK_URL);
    expect(await screen.findByText('Webhook URL copied to clipboard')).toBeInTheDocument();
  });

  it('offers nothing to copy while the session starts, and a retry when it fails', async () => {
    const retry = vi.fn();
    renderWithProviders(<LandingPage />, { session: fakeSession({ user: null, status: 'loading' }) });
    expect(screen.getByLabelText('Your webhook URL')).toHaveValue('Starting your session…');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    cleanup();
    renderWithProviders(<LandingPage />, { session: fakeSession({ user: null, status: 'error', retry }) });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not start your session.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });

  it('sells the tools beyond capturing in a few lines', () => {
    renderWithProviders(<LandingPage />);
    const section = screen.getByRole('heading', { name: 'More than a request bin' }).closest('section');
    const titles = within(section as HTMLElement)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Scripted responses',
      'Forwarding to localhost',
      'Replay',
      'Search and export',
      'Signature checks',
      'Waiting for requests in CI',
    ]);
  });

  it('shows the why-choose section with its three features', () => {
    renderWithProviders(<LandingPage />);
    const heading = screen.getByRole('heading', { name: 'Why Choose Our Webhook Inspector?' });
    const section = heading.closest('section');
    expect(section).not.toBeNull();
    for (const title of ['Secure & Reliable', 'Real-Time Monitoring', 'Unlimited Requests']) {
      expect(within(section as HTMLElement).getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('shows the four tool cards with their buttons and links', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { name: 'Our Tools' })).toBeInTheDocument();
    const cards = screen.getAllByTestId('tool-card');
    expect(cards).toHaveLength(4);
    const expected = [
      ['Webhook Inspector', 'Use Now', '/webhook'],
      ['URL Shortener', 'Use Now', '/url-shortener'],
      ['Cron Scheduler', 'Learn More', '/cron-scheduler'],
      ['Request Parser', 'Learn More', '/request-parser'],
    ] as const;
    expected.forEach(([title, action, href], index) => {
      const card = within(cards[index] as HTMLElement);
      expect(card.getByRole('heading', { name: title })).toBeInTheDocument();
      expect(card.getByRole('link', { name: action })).toHaveAttribute('href', href);
    });
  });
});

describe('AboutPage', () => {
  it('lists the URL Shortener as Coming Soon', () => {
    renderPage(<AboutPage />);
    const rows = screen.getAllByTestId('about-tool');
    const shortener = rows.find((row) => within(row).queryByText('URL Shortener'));
    expect(shortener).toBeDefined();
    expect(within(shortener as HTMLElement).getByText('Coming Soon')).toBeInTheDocument();
    const inspector = rows.find((row) => within(row).queryByText('Webhook Inspector'));
    expect(within(inspector as HTMLElement).getByText('Available')).toBeInTheDocument();
  });

  it('credits MaxMind GeoLite2 data', () => {
    renderPage(<AboutPage />);
    expect(screen.getByRole('heading', { name: 'Data and credits' })).toBeInTheDocument();
    expect(screen.getByTestId('maxmind-credit')).toHaveTextContent(
      'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com',
    );
    expect(screen.getByRole('link', { name: 'https://www.maxmind.com' })).toHaveAttribute(
      'href',
      'https://www.maxmind.com',
    );
  });
});

describe('ComingSoonPage', () => {
  it('renders its title, badge and a link to the Webhook Inspector', () => {
    renderPage(<ComingSoonPage title="Something New" description="It will do things." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something New' })).toBeInTheDocument();
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByText('It will do things.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try the Webhook Inspector' })).toHaveAttribute(
      'href',
      '/webhook',
    );
  });

  it.each([
    ['Cron Scheduler', CronSchedulerPage],
    ['Request Parser', RequestParserPage],
  ])('%s page links to /webhook', (title, Page) => {
    renderPage(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try the Webhook Inspector' })).toHaveAttribute(
      'href',
      '/webhook',
    );
    expect(document.title).toBe(`${title} – Hookbay`);
  });
});

describe('Legal pages', () => {
  it('renders the terms', () => {
    renderPage(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No warranty' })).toBeInTheDocument();
  });

  it('explains what is stored', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('userSessionId')).toBeInTheDocument();
    expect(screen.getByText(/newest 10,000 requests/)).toBeInTheDocument();
  });
});

describe('NotFoundPage', () => {
  it('says the page was not found and links home', () => {
    renderPage(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
