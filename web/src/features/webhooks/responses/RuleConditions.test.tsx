import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseRule } from '../../../../../shared/responses';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { fakeSession, renderWithProviders, stubFetch, type Call } from '../../../test/render';
import { makeEvent } from '../test-events';
import { WebhookPage } from '../WebhookPage';
import { ResponsesControl } from './ResponsesControl';

const SESSION = '3f2b8c1e-6d4a-4b7e-9a1c-2e5f7d9b0c41';

/** A server holding `saved` rules (and `events` to list); PUT stores what it gets. */
function stubApi(saved: ResponseRule[], events: WebhookEvent[] = []) {
  let store = saved;
  const calls = stubFetch(({ method, path, body }: Call) => {
    if (path === '/api/events') return { status: 200, body: events };
    if (path !== '/api/responses') return { status: 404, body: { error: 'Not found' } };
    if (method === 'GET') return { status: 200, body: { rules: store } };
    store = (body as { rules: ResponseRule[] }).rules;
    return { status: 200, body: { rules: store } };
  });
  return { puts: () => calls.filter((call) => call.method === 'PUT').map((call) => call.body) };
}

const headerButton = () => screen.getByRole('button', { name: /^Response/ });

async function openEditor() {
  await waitFor(() => expect(headerButton()).not.toHaveTextContent('…'));
  fireEvent.click(headerButton());
  await screen.findByRole('dialog', { name: 'Response' });
  fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
  return screen.findByRole('dialog', { name: 'Add rule' });
}

function type(dialog: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  vi.stubGlobal('Notification', undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('conditions in the rule editor', () => {
  it('saves conditions and the pick in one step and lists the conditions on the rule’s line', async () => {
    const api = stubApi([]);
    renderWithProviders(<ResponsesControl sessionId={SESSION} />, { toasts: true });
    const dialog = await openEditor();
    type(dialog, 'Path', '/github');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    type(dialog, 'Condition 1 field', 'header.X-GitHub-Event');
    type(dialog, 'Condition 1 value', 'push');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    type(dialog, 'Condition 2 field', 'body.ref');
    fireEvent.change(within(dialog).getByLabelText('Condition 2 test'), { target: { value: 'matches' } });
    type(dialog, 'Condition 2 value', '^refs/tags/');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    type(dialog, 'Condition 3 field', 'query.debug');
    fireEvent.change(within(dialog).getByLabelText('Condition 3 test'), { target: { value: 'exists' } });
    expect(within(dialog).queryByLabelText('Condition 3 value')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText(/Let the sender pick the status/));
    type(dialog, 'Status', '202');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add rule' })).toBeNull());

    expect(api.puts()).toEqual([
      {
        rules: [
          {
            method: '*',
            path: '/github',
            then: 'repeat-last',
            conditions: [
              { field: 'header.X-GitHub-Event', op: 'equals', value: 'push' },
              { field: 'body.ref', op: 'matches', value: '^refs/tags/' },
              { field: 'query.debug', op: 'exists' },
            ],
            allowPick: true,
            responses: [{ status: 202, headers: {}, body: '', delayMs: 0 }],
          },
        ],
      },
    ]);
    const line = within(screen.getByRole('list', { name: 'Response rules' })).getByRole('listitem');
    expect(line).toHaveTextContent(
      'if header.X-GitHub-Event = push, body.ref ~ /^refs/tags//, query.debug exists',
    );
    expect(line).toHaveTextContent('sender may pick');
  });

  it('refuses a regular expression that does not compile, naming the condition, and saves nothing', async () => {
    const api = stubApi([]);
    renderWithProviders(<ResponsesControl sessionId={SESSION} />, { toasts: true });
    const dialog = await openEditor();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    type(dialog, 'Condition 1 field', 'body.ref');
    fireEvent.change(within(dialog).getByLabelText('Condition 1 test'), { target: { value: 'matches' } });
    type(dialog, 'Condition 1 value', '(');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(
      await within(dialog).findByText(/^conditions\[0\]\.value: This is not a regular expression/),
    ).toBeInTheDocument();
    expect(api.puts()).toEqual([]);
  });

  it('the preview answers only a sample request that meets the conditions', async () => {
    stubApi([]);
    renderWithProviders(<ResponsesControl sessionId={SESSION} />, { toasts: true });
    const dialog = await openEditor();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    type(dialog, 'Condition 1 field', 'header.X-Event');
    type(dialog, 'Condition 1 value', 'ping');
    type(dialog, 'Body', 'pong');
    const answer = () => within(dialog).getByRole('status', { name: 'The answer' });
    await waitFor(() => expect(answer()).toHaveTextContent('This rule does not match this request'));
    type(dialog, 'Request headers', 'x-event: ping');
    await waitFor(() => expect(answer()).toHaveTextContent('200 pong'));
  });
});

describe('making a rule from a request', () => {
  it('opens the editor with the request’s method, path and the answer it got, and saves it', async () => {
    const api = stubApi(
      [],
      [
        makeEvent(7, {
          method: 'PUT',
          path: '/orders/42',
          queryString: 'x=1',
          rawHeaders: [['X-Shop', 'acme']],
          response: { status: 200, source: 'default' },
        }),
      ],
    );
    renderWithProviders(<WebhookPage />, { route: '/webhook', session: fakeSession(), toasts: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Make a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    expect(within(dialog).getByLabelText('Method')).toHaveValue('PUT');
    expect(within(dialog).getByLabelText('Path')).toHaveValue('/orders/42');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('200');
    expect(within(dialog).getByLabelText(/^Headers/)).toHaveValue('Content-Type: application/json');
    expect(within(dialog).getByLabelText('Body')).toHaveValue('{"ok":true,"id":7}');
    expect(within(dialog).getByLabelText('Path and query')).toHaveValue('/orders/42?x=1');
    expect(within(dialog).getByLabelText('Request headers')).toHaveValue('X-Shop: acme');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add rule' })).toBeNull());
    expect(api.puts()).toEqual([
      {
        rules: [
          {
            method: 'PUT',
            path: '/orders/42',
            then: 'repeat-last',
            responses: [
              {
                status: 200,
                headers: { 'Content-Type': 'application/json' },
                body: '{"ok":true,"id":7}',
                delayMs: 0,
              },
            ],
          },
        ],
      },
    ]);
  });

  it('takes the headers and body of the rule that answered', async () => {
    const saved: ResponseRule = {
      method: 'POST',
      path: '*',
      then: 'repeat-last',
      responses: [
        { status: 500, headers: {}, body: 'down', delayMs: 0 },
        { status: 429, headers: { 'Retry-After': '30' }, body: 'slow down', delayMs: 0 },
      ],
    };
    stubApi([saved], [makeEvent(3, { response: { status: 429, source: 'rule', rule: 1 } })]);
    renderWithProviders(<WebhookPage />, { route: '/webhook', session: fakeSession(), toasts: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Make a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    expect(within(dialog).getByLabelText('Status')).toHaveValue('429');
    expect(within(dialog).getByLabelText(/^Headers/)).toHaveValue('Retry-After: 30');
    expect(within(dialog).getByLabelText('Body')).toHaveValue('slow down');
  });

  it('is not offered to a shared link’s viewer', async () => {
    stubApi([], [makeEvent(1)]);
    renderWithProviders(<WebhookPage />, {
      route: '/webhook',
      session: fakeSession({ isShared: true }),
    });
    expect(await screen.findByRole('article', { name: 'Request details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a rule' })).toBeNull();
  });
});
