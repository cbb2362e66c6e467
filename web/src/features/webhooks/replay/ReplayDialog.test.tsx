import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayAnswer } from '../../../../../shared/replay';
import { replayTargetKey } from '../../../lib/storage';
import { SESSION_ID, stubFetch, type Answer } from '../../../test/render';
import { makeEvent } from '../test-events';
import { ReplayDialog } from './ReplayDialog';

const event = makeEvent(7, {
  method: 'POST',
  rawHeaders: [
    ['Host', 'hooks.example'],
    ['X-Signature', 'sha256=abc'],
    ['Content-Type', 'application/json'],
    ['Content-Length', '11'],
    ['Connection', 'keep-alive'],
  ],
  body: '{"order":1}',
  size: 11,
});

const ANSWER: ReplayAnswer = {
  status: 201,
  headers: [
    ['Content-Type', 'text/plain'],
    ['X-Target', 'yes'],
  ],
  body: 'thanks',
  bodyEncoding: 'utf8',
  truncated: false,
  durationMs: 1234,
};

function renderDialog(answer: Answer = { status: 200, body: ANSWER }) {
  const calls = stubFetch(() => answer);
  const onClose = vi.fn();
  render(<ReplayDialog event={event} sessionId={SESSION_ID} onClose={onClose} />);
  return { calls, onClose };
}

const urlInput = () => screen.getByLabelText('Target URL');
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));
const headerNames = () =>
  screen.getAllByLabelText('Header name').map((input) => (input as HTMLInputElement).value);

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReplayDialog', () => {
  it('starts from the request: its method, the headers it copies and its body', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Replay request' })).toBeInTheDocument();
    expect(screen.getByLabelText('Method')).toHaveValue('POST');
    expect(headerNames()).toEqual(['X-Signature', 'Content-Type']);
    expect(
      screen.getByText('Host, Content-Length and connection headers are set for the target.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Body')).toHaveValue('{"order":1}');
    expect(urlInput()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('Send the request to see the target’s answer here.')).toBeInTheDocument();
  });

  it('sends the unchanged request with the URL only and shows the target answer', async () => {
    const { calls } = renderDialog();
    fireEvent.change(urlInput(), { target: { value: 'https://example.com/in' } });
    send();

    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(calls).toEqual([
      { method: 'POST', path: '/api/events/7/replay', search: '', body: { url: 'https://example.com/in' } },
    ]);
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    const status = within(answer).getByLabelText('Status');
    expect(status).toHaveTextContent('201');
    expect(status).toHaveClass('bg-success');
    expect(within(answer).getByText('1,234 ms')).toBeInTheDocument();
    expect(within(answer).getByText('X-Target')).toBeInTheDocument();
    expect(within(answer).getByText('thanks')).toBeInTheDocument();
    expect(localStorage.getItem(replayTargetKey(SESSION_ID))).toBe('https://example.com/in');
  });

  it('remembers the target URL of the session', () => {
    localStorage.setItem(replayTargetKey(SESSION_ID), 'http://localhost:8080/hooks');
    renderDialog();
    expect(urlInput()).toHaveValue('http://localhost:8080/hooks');
  });

  it('sends the method, headers and body the user changed', async () => {
    const { calls } = renderDialog({ status: 200, body: { ...ANSWER, status: 503 } });
    fireEvent.change(urlInput(), { target: { value: 'https://example.com/in' } });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'put' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove header 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    const names = screen.getAllByLabelText('Header name');
    const values = screen.getAllByLabelText('Header value');
    fireEvent.change(names[1]!, { target: { value: 'X-Extra' } });
    fireEvent.change(values[1]!, { target: { value: 'on' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: '{"order":2}' } });
    send();

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      url: 'https://example.com/in',
      method: 'PUT',
      headers: [
        ['X-Signature', 'sha256=abc'],
        ['X-Extra', 'on'],
      ],
      body: '{"order":2}',
      bodyEncoding: 'utf8',
    });
    expect(await screen.findByLabelText('Status')).toHaveClass('bg-danger');
  });

  it('shows the server’s error text when the target is refused or unreachable', async () => {
    const refusal =
      'Replay to 10.0.0.1 is refused: it resolves to 10.0.0.1 (private address), which this server does not send requests to.';
    renderDialog({ status: 403, body: { error: refusal } });
    fireEvent.change(urlInput(), { target: { value: 'http://10.0.0.1/' } });
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('after a refusal, offers the same replay from your machine, filled in, with Copy', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderDialog({ status: 403, body: { error: 'Replay to 127.0.0.1:3000 is refused: loopback address.' } });
    fireEvent.change(urlInput(), { target: { value: 'http://127.0.0.1:3000/hooks' } });
    send();
    const local = await screen.findByRole('region', { name: 'Replay from your machine' });
    const command = `npx hookbay replay ${window.location.origin}/webhook/${SESSION_ID} 7 --to http://127.0.0.1:3000/hooks`;
    expect(within(local).getByTestId('local-replay-command')).toHaveTextContent(command);
    fireEvent.click(within(local).getByRole('button', { name: 'Copy command' }));
    expect(writeText).toHaveBeenCalledWith(command);
  });

  it('offers no command when the target itself failed', async () => {
    renderDialog({ status: 502, body: { error: 'The target could not be reached: ECONNREFUSED.' } });
    fireEvent.change(urlInput(), { target: { value: 'https://example.com/in' } });
    send();
    await screen.findByRole('alert');
    expect(screen.queryByRole('region', { name: 'Replay from your machine' })).toBeNull();
  });

  it.each([
    {
      status: 429,
      error:
        'Too many replays in the last minute. Please wait a moment, or use `hookbay replay` from your own machine.',
    },
    {
      status: 403,
      error:
        'Server-side replay is switched off on this Hookbay instance; use `hookbay replay` from your own machine.',
    },
  ])('shows the server’s text when replay is refused with $status', async ({ status, error }) => {
    renderDialog({ status, body: { error } });
    fireEvent.change(urlInput(), { target: { value: 'https://example.com/in' } });
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent(error);
  });

  it('closes from the footer button and from the header cross', () => {
    const { onClose } = renderDialog();
    for (const button of screen.getAllByRole('button', { name: 'Close' })) fireEvent.click(button);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
