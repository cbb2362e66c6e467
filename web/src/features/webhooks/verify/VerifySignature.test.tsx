import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../test-events';
import { VerifySignature } from './VerifySignature';

// GitHub's documented example: this secret over "Hello, World!".
const SECRET = "It's a Secret to Everybody";
const SIGNATURE = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';
const githubEvent = (overrides = {}) =>
  makeEvent(3, {
    headers: { 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': SIGNATURE },
    body: 'Hello, World!',
    size: 13,
    ...overrides,
  });

const secretInput = () => screen.getByLabelText('Signing secret');
const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

describe('VerifySignature', () => {
  afterEach(cleanup);
  beforeEach(() => sessionStorage.clear());

  it("verifies a GitHub delivery in the page, with the provider's scheme preselected", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const fetchBody = vi.fn(() => Promise.reject(new Error('not expected')));
    render(<VerifySignature event={githubEvent()} fetchBody={fetchBody} />);
    expect(screen.getByLabelText('Scheme')).toHaveValue('github-sha256');

    fireEvent.change(secretInput(), { target: { value: SECRET } });
    verify();
    expect(await screen.findByText('Valid signature')).toBeInTheDocument();
    expect(screen.getByTestId('verify-expected')).toHaveTextContent(SIGNATURE);
    expect(screen.getByTestId('verify-received')).toHaveTextContent(SIGNATURE);
    expect(screen.getByText('The raw body (13 bytes)')).toBeInTheDocument();

    fireEvent.change(secretInput(), { target: { value: 'not the secret' } });
    verify();
    expect(await screen.findByText('Invalid signature')).toBeInTheDocument();
    // The secret stays in the page: no request at all was made.
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(fetchBody).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('fetches the whole stored body when the event carries only its start', async () => {
    const bytes = new TextEncoder().encode('Hello, World!');
    const fetchBody = vi.fn(() => Promise.resolve(bytes.buffer));
    render(
      <VerifySignature
        event={githubEvent({ body: btoa('Hello'), bodyEncoding: 'base64', bodyCut: true })}
        fetchBody={fetchBody}
      />,
    );
    fireEvent.change(secretInput(), { target: { value: SECRET } });
    verify();
    expect(await screen.findByText('Valid signature')).toBeInTheDocument();
    expect(fetchBody).toHaveBeenCalledWith(false);
  });

  it('verifies a whole base64 body from the event itself, without fetching it', async () => {
    const fetchBody = vi.fn(() => Promise.reject(new Error('not expected')));
    render(
      <VerifySignature
        event={githubEvent({ body: btoa('Hello, World!'), bodyEncoding: 'base64' })}
        fetchBody={fetchBody}
      />,
    );
    fireEvent.change(secretInput(), { target: { value: SECRET } });
    verify();
    expect(await screen.findByText('Valid signature')).toBeInTheDocument();
    expect(fetchBody).not.toHaveBeenCalled();
  });

  it('remembers the secret for the tab only when asked', async () => {
    const noFetch = () => Promise.reject(new Error('not expected'));
    render(<VerifySignature event={githubEvent()} fetchBody={noFetch} />);
    fireEvent.change(secretInput(), { target: { value: SECRET } });
    verify();
    await screen.findByText('Valid signature');
    expect(sessionStorage.length).toBe(0);

    fireEvent.click(screen.getByLabelText('Remember for this tab'));
    verify();
    await screen.findByText('Valid signature');
    cleanup();
    render(<VerifySignature event={githubEvent()} fetchBody={noFetch} />);
    expect(secretInput()).toHaveValue(SECRET);
    expect(screen.getByLabelText('Remember for this tab')).toBeChecked();
  });

  it('offers the generic HMAC form for an unknown sender and says what is missing', async () => {
    render(<VerifySignature event={makeEvent(4, { body: 'x' })} fetchBody={() => Promise.reject()} />);
    // No signature header: the section stays folded until asked.
    expect(screen.queryByLabelText('Scheme')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByLabelText('Scheme')).toHaveValue('custom');
    fireEvent.change(secretInput(), { target: { value: 'k' } });
    fireEvent.change(screen.getByLabelText('Signature header'), { target: { value: 'X-Sig' } });
    verify();
    expect(await screen.findByText('This request has no X-Sig header')).toBeInTheDocument();
  });

  it("shows the age of Stripe's timestamp against the 5-minute tolerance", async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const t = now / 1000 - 600;
    const body = '{"id":"evt_1","type":"invoice.paid"}';
    render(
      <VerifySignature
        event={makeEvent(5, {
          headers: { 'Stripe-Signature': `t=${t},v1=${'ab'.repeat(32)}` },
          body,
          payload: JSON.parse(body) as unknown,
          size: body.length,
        })}
        fetchBody={() => Promise.reject(new Error('not expected'))}
      />,
    );
    expect(screen.getByLabelText('Scheme')).toHaveValue('stripe');
    fireEvent.change(secretInput(), { target: { value: 'whsec_x' } });
    verify();
    expect(await screen.findByText('Invalid signature')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Timestamp is 10 minutes old, outside the 5-minute tolerance: a live endpoint would refuse it as a possible replay',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(`"${t}." followed by the raw body (${body.length} bytes)`)).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('does not check a body that was cut at the capture limit', async () => {
    render(
      <VerifySignature
        event={githubEvent({ truncated: true })}
        fetchBody={() => Promise.reject(new Error('no'))}
      />,
    );
    fireEvent.change(secretInput(), { target: { value: SECRET } });
    verify();
    expect(
      await screen.findByText(
        'Only the first part of this body was kept (it was over the size limit), so its signature cannot be checked',
      ),
    ).toBeInTheDocument();
  });

  it('opens by itself only for a request that carries a signature header', () => {
    const fetchBody = () => Promise.reject(new Error('not expected'));
    render(<VerifySignature event={makeEvent(6, { method: 'GET' })} fetchBody={fetchBody} />);
    expect(screen.getByRole('region', { name: 'Verify signature' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
    cleanup();
    render(
      <VerifySignature
        event={makeEvent(7, { headers: { 'X-Twilio-Signature': 'abc=' }, body: 'x' })}
        fetchBody={fetchBody}
      />,
    );
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Signing secret')).toBeInTheDocument();
  });
});
