import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResponseRule } from '../../../../../shared/responses';
import { renderWithProviders, stubFetch, type Answer, type Call } from '../../../test/render';
import { RESPONSE_PRESETS, SLACK_PRESET } from './presets';
import { ResponsesControl } from './ResponsesControl';

const SESSION = '3f2b8c1e-6d4a-4b7e-9a1c-2e5f7d9b0c41';

function rule(path: string, statuses: number[]): ResponseRule {
  return {
    method: '*',
    path,
    responses: statuses.map((status) => ({ status, headers: {}, body: '', delayMs: 0 })),
    then: 'repeat-last',
  };
}

/** A server holding `saved`; PUT stores what it gets unless `refuse` gives an answer. */
function stubApi(saved: ResponseRule[], refuse?: Answer) {
  let store = saved;
  const calls = stubFetch(({ method, path, body }: Call) => {
    if (path !== '/api/responses') return { status: 404, body: { error: 'Not found' } };
    if (method === 'GET') return { status: 200, body: { rules: store } };
    if (refuse) return refuse;
    store = (body as { rules: ResponseRule[] }).rules;
    return { status: 200, body: { rules: store } };
  });
  return { puts: () => calls.filter((call) => call.method === 'PUT').map((call) => call.body) };
}

function renderPanel(isReadOnly = false) {
  renderWithProviders(<ResponsesControl sessionId={SESSION} isReadOnly={isReadOnly} />, { toasts: true });
}

/** The header's button: "Response" and what the URL answers. */
const headerButton = () => screen.getByRole('button', { name: /^Response/ });

async function open() {
  await waitFor(() => expect(headerButton()).not.toHaveTextContent('…'));
  fireEvent.click(headerButton());
  await screen.findByRole('dialog', { name: 'Response' });
}

const savedToast = 'Responses saved. Sequences start again from the first answer.';

const ruleList = () => screen.getByRole('list', { name: 'Response rules' });
const ruleTexts = () =>
  within(ruleList())
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/↑↓EditDelete$/, ''));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Response in the inspector header', () => {
  it('says the default answer applies while there are no rules', async () => {
    stubApi([]);
    renderPanel();
    await waitFor(() => expect(headerButton()).toHaveTextContent(/^Response:?\s*default 200$/));
    await open();
    expect(
      screen.getByText('No rules yet: every request gets the default answer, 200 {"ok":true,"id":…}.'),
    ).toBeInTheDocument();
  });

  it('sums up what the URL answers in the header: the first rule, then how many more', async () => {
    stubApi([rule('/github/*', [500, 500, 200]), { ...rule('*', [410]), method: 'POST' }]);
    renderPanel();
    await waitFor(() =>
      expect(headerButton()).toHaveTextContent(/^Response:?\s*\/github\/\* → 500, 500, 200 \+1 more rule$/),
    );
    await open();
    expect(ruleTexts()).toEqual(['Any method/github/*→500, 500, 200 then the last again', 'POST*→410']);
  });

  it('adds a preset in one step, saying that sequences start again', async () => {
    const api = stubApi([]);
    renderPanel();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add a preset' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Fail twice, then succeed' }));
    expect(await screen.findByText(savedToast)).toBeInTheDocument();
    expect(api.puts()).toEqual([{ rules: [RESPONSE_PRESETS[1]?.rule] }]);
    expect(ruleTexts()).toEqual(['Any method*→500, 500, 200 then the last again']);
    expect(headerButton()).toHaveTextContent('Every request → 500, 500, 200');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('closes on Escape once a preset is picked and focus is back on the presets button', async () => {
    stubApi([]);
    renderPanel();
    await open();
    const presets = screen.getByRole('button', { name: 'Add a preset' });
    fireEvent.click(presets);
    fireEvent.click(await screen.findByRole('button', { name: 'Always 500' }));
    expect(await screen.findByText(savedToast)).toBeInTheDocument();
    // Where a browser puts focus after a menu item is chosen: the menu's own button, menu closed.
    presets.focus();
    expect(presets).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(presets, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Response' })).toBeNull());
  });

  it('shows the server’s words when it refuses the rules, and keeps the saved ones', async () => {
    stubApi([], { status: 400, body: { error: 'rules: At most 50 rules.' } });
    renderPanel();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add a preset' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Always 500' }));
    expect(await screen.findByText('rules: At most 50 rules.')).toBeInTheDocument();
    expect(headerButton()).toHaveTextContent('default 200');
  });

  it('saves each move, edit and delete as it is made', async () => {
    const api = stubApi([rule('/a', [201]), rule('/b', [202]), rule('/c', [203])]);
    renderPanel();
    await open();
    await screen.findByRole('list', { name: 'Response rules' });
    expect(screen.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move rule 3 down' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move rule 3 up' }));
    await waitFor(() =>
      expect(ruleTexts()).toEqual(['Any method/a→201', 'Any method/c→203', 'Any method/b→202']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete rule 1' }));
    await waitFor(() => expect(ruleTexts()).toEqual(['Any method/c→203', 'Any method/b→202']));

    fireEvent.click(screen.getByRole('button', { name: 'Edit rule 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule 2' });
    fireEvent.change(within(dialog).getByLabelText('Method'), { target: { value: 'POST' } });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: '503' } });
    fireEvent.change(within(dialog).getByLabelText(/Headers/), { target: { value: 'Retry-After: 120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit rule 2' })).toBeNull());
    expect(ruleTexts()).toEqual(['Any method/c→203', 'POST/b→503']);
    expect(api.puts()).toEqual([
      { rules: [rule('/a', [201]), rule('/c', [203]), rule('/b', [202])] },
      { rules: [rule('/c', [203]), rule('/b', [202])] },
      {
        rules: [
          rule('/c', [203]),
          {
            ...rule('/b', [503]),
            method: 'POST',
            responses: [{ status: 503, headers: { 'Retry-After': '120' }, body: '', delayMs: 0 }],
          },
        ],
      },
    ]);
  });

  it('the editor keeps the rule open with the server’s words when saving it fails', async () => {
    stubApi([], { status: 400, body: { error: 'rules: At most 50 rules.' } });
    renderPanel();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('rules: At most 50 rules.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add rule' })).toBeInTheDocument();
  });

  it('asks before a changed rule is dropped, in the page and when leaving it', async () => {
    const api = stubApi([]);
    renderPanel();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    fireEvent.change(within(dialog).getByLabelText('Path'), { target: { value: '/typed' } });

    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('Discard the changes to this rule?');
    expect(screen.getByRole('dialog', { name: 'Add rule' })).toBeInTheDocument();
    confirm.mockReturnValue(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add rule' })).toBeNull());
    expect(api.puts()).toEqual([]);

    const afterwards = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(afterwards);
    expect(afterwards.defaultPrevented).toBe(false);
  });

  it('the editor explains a problem and saves nothing until it is fixed', async () => {
    const api = stubApi([]);
    renderPanel();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    fireEvent.change(within(dialog).getByLabelText('Path'), { target: { value: 'github' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add response' }));
    fireEvent.change(within(dialog).getAllByLabelText('Delay (ms)')[1] as HTMLElement, {
      target: { value: '40000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(
      await within(dialog).findByText(
        'path: The path must start with / or *, with no spaces, ? or #, for example /github/*.',
      ),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Path'), { target: { value: '/github' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(
      await within(dialog).findByText('responses[1].delayMs: The delay must be from 0 to 30000 ms.'),
    ).toBeInTheDocument();
    expect(api.puts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove response 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add rule' })).toBeNull());
    expect(ruleTexts()).toEqual(['Any method/github→200']);
    expect(api.puts()).toHaveLength(1);
  });

  it('a URL check preset opens the editor, whose preview answers the provider’s challenge', async () => {
    const api = stubApi([]);
    renderPanel();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add a preset' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Slack url_verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    const preview = await within(dialog).findByRole('status', { name: 'The answer' });
    expect(preview.textContent).toContain(
      '{"challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"}',
    );
    fireEvent.change(within(dialog).getByLabelText('Request body'), {
      target: { value: '{"type":"url_verification","challenge":"typed-by-hand"}' },
    });
    expect(preview.textContent).toContain('{"challenge": "typed-by-hand"}');
    fireEvent.change(within(dialog).getByLabelText('Request method'), { target: { value: 'GET' } });
    expect(preview.textContent).toBe(
      'This rule does not match this request: it goes on to the next rule or the default answer.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await screen.findByText(savedToast);
    expect(api.puts()).toEqual([{ rules: [SLACK_PRESET.rule] }]);
  });

  it('a fault replaces the answer, and the chance and seed are saved with the rule', async () => {
    const api = stubApi([]);
    renderPanel();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    fireEvent.change(within(dialog).getByLabelText('Answer'), { target: { value: 'reset' } });
    expect(within(dialog).queryByLabelText('Status')).toBeNull();
    expect(
      await within(dialog).findByText('The connection is reset: the sender gets no answer.'),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Chance (%)'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('Seed'), { target: { value: '42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add rule' })).toBeNull());
    expect(ruleTexts()).toEqual(['Any method*→reset (30 % of requests, seed 42)']);
    expect(headerButton()).toHaveTextContent('Every request → reset (30 %)');
    expect(api.puts()).toEqual([
      {
        rules: [
          {
            method: '*',
            path: '*',
            then: 'repeat-last',
            chance: 30,
            seed: 42,
            responses: [{ fault: 'reset', delayMs: 0 }],
          },
        ],
      },
    ]);
  });

  it('the editor refuses a template the server could not read', async () => {
    stubApi([]);
    renderPanel();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    await within(dialog).findByRole('status', { name: 'The answer' });
    fireEvent.change(within(dialog).getByLabelText('Body'), { target: { value: '{% include "x" %}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(
      await within(dialog).findByText(
        'responses[0].body: Only {{ … }} expressions can be used, no {% … %} tags (tag "include" not found, line:1, col:1).',
      ),
    ).toBeInTheDocument();
  });

  it('a shared link’s viewer sees the rules without the controls that change them', async () => {
    stubApi([rule('/github/*', [500])]);
    renderPanel(true);
    await open();
    await screen.findByRole('list', { name: 'Response rules' });
    expect(screen.queryByRole('button', { name: 'Edit rule 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.getByText(/Only the inspector’s owner changes its responses/)).toBeInTheDocument();
  });
});
