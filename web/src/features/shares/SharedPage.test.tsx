import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedView } from '../../../../shared/shares';
import type { WebhookEvent } from '../../../../shared/webhooks';
import { renderWithProviders, stubFetch, type Answer } from '../../test/render';
import { SharedPage } from './SharedPage';

const TOKEN = `hbs_00000000000000aa_${'a'.repeat(43)}`;

function event(id: number, path: string): WebhookEvent {
  return {
    id,
    method: 'POST',
    path,
    queryString: '',
    queryParams: {},
    headers: { Authorization: '[redacted]', 'X-Visible': 'shown' },
    rawHeaders: [
      ['Authorization', '[redacted]'],
      ['X-Visible', 'shown'],
    ],
    body: '{"order":42}',
    bodyEncoding: 'utf8',
    payload: { order: 42 },
    contentType: 'application/json',
    size: 12,
    truncated: false,
    bodyCut: false,
    ip: '203.0.113.9',
    userAgent: 'curl/8',
    timestamp: '2026-03-01T10:00:00.000Z',
    isDeleted: false,
    previousId: null,
    response: { status: 200, source: 'default' },
    verdicts: {},
  };
}

const VIEW: SharedView = {
  kind: 'inspector',
  eventId: null,
  expiresAt: '2026-03-08T10:00:00.000Z',
  redactedHeaders: ['authorization'],
};

function renderPage(answer: (path: string) => Answer) {
  const calls = stubFetch(({ path }) => answer(path));
  renderWithProviders(
    <Routes>
      <Route path="/shared/:token" element={<SharedPage />} />
    </Routes>,
    { route: `/shared/${TOKEN}` },
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the shared page', () => {
  it('shows the shared requests read only, the newest open, secret headers as the server redacted them', async () => {
    const calls = renderPage((path) =>
      path.startsWith(`/api/shared/${TOKEN}/events`)
        ? { status: 200, body: [event(2, '/orders'), event(1, '/ping')] }
        : { status: 200, body: VIEW },
    );
    expect(await screen.findByRole('heading', { name: 'Shared requests', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    const headers = await screen.findByRole('region', { name: 'Headers' });
    expect(within(headers).getByRole('row', { name: 'Authorization [redacted]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download HAR' })).toHaveAttribute(
      'href',
      expect.stringContaining(`/api/shared/${TOKEN}/export?format=har`),
    );
    await userEvent.click(screen.getByRole('button', { name: /\/ping/ }));
    expect(screen.getByRole('article', { name: 'POST /ping' })).toBeInTheDocument();
    for (const name of [/clear/i, /delete/i, /replay/i, /forward/i, /rule/i])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('a revoked link says so', async () => {
    renderPage(() => ({ status: 410, body: { error: 'revoked', reason: 'revoked' } }));
    expect(await screen.findByRole('heading', { name: 'This share link was revoked' })).toBeInTheDocument();
  });

  it('an expired link says so', async () => {
    renderPage(() => ({ status: 410, body: { error: 'expired', reason: 'expired' } }));
    expect(await screen.findByRole('heading', { name: 'This share link has expired' })).toBeInTheDocument();
  });

  it('an unknown link says so', async () => {
    renderPage(() => ({ status: 404, body: { error: 'No share link has this address.' } }));
    expect(
      await screen.findByRole('heading', { name: 'This share link does not exist' }),
    ).toBeInTheDocument();
  });
});
