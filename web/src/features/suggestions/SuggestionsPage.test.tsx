import { cleanup, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '../../../../shared/suggestions';
import { fakeSession, stubFetch, type Answer, type Call } from '../../test/render';
import { makeSuggestion } from '../../test/suggestions';
import { renderSuggestionsPage } from './test-utils';

/** A small in-memory server for the two suggestion calls; `onPost` may replace the POST answer. */
function fakeServer(initial: Suggestion[], onPost?: (call: Call) => Answer | Promise<Answer>) {
  let own = [...initial];
  let nextId = 100;
  const calls = stubFetch(async (call) => {
    if (call.method === 'GET' && call.path === '/api/user/suggestions') return { status: 200, body: own };
    if (call.method === 'POST' && call.path === '/api/suggestions') {
      if (onPost) return onPost(call);
      const created = makeSuggestion({ ...(call.body as Partial<Suggestion>), id: nextId++ });
      own = [created, ...own];
      return { status: 201, body: created };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
  return {
    calls,
    posts: () => calls.filter((call) => call.method === 'POST'),
    listLoads: () => calls.filter((call) => call.path === '/api/user/suggestions').length,
  };
}

const openButton = () => screen.getByRole('button', { name: 'Submit a Suggestion' });
const titleInput = () => screen.getByRole('textbox', { name: 'Title' });
const descriptionInput = () => screen.getByRole('textbox', { name: 'Description' });
const categorySelect = () => screen.getByRole('combobox', { name: 'Category' });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

/** Types by pasting: the same change events as typing, without a keystroke per character. */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function fillForm(title = 'Export requests as HAR', description = 'So I can replay them elsewhere.') {
  await userEvent.click(openButton());
  await enter(titleInput(), title);
  await enter(descriptionInput(), description);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SuggestionsPage', () => {
  it('the button toggles the feedback form open and closed', async () => {
    fakeServer([]);
    renderSuggestionsPage();
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();

    await userEvent.click(openButton());
    expect(titleInput()).toBeRequired();
    expect(descriptionInput()).toBeRequired();
    expect(descriptionInput().tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Email/)).not.toBeRequired();
    expect(categorySelect()).toHaveDisplayValue('General');
    const options = within(categorySelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['General', 'Feature Request', 'Bug Report', 'Improvement', 'Other']);

    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(close);
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.title).toBe('Suggestions – Hookbay');
  });

  it('a successful submit shows the green banner, closes and resets the form and refreshes the list', async () => {
    const server = fakeServer([]);
    renderSuggestionsPage();
    expect(await screen.findByText('No suggestions yet')).toBeInTheDocument();

    await fillForm('  Export requests as HAR  ');
    await userEvent.selectOptions(categorySelect(), 'Bug Report');
    await enter(screen.getByLabelText(/^Email/), 'dev@example.com');
    await userEvent.click(submitButton());

    const banner = await screen.findByText('Suggestion submitted successfully!');
    expect(banner).toHaveClass('alert-success');
    expect(server.posts()[0]?.body).toEqual({
      title: 'Export requests as HAR',
      description: 'So I can replay them elsewhere.',
      category: 'bug_report',
      email: 'dev@example.com',
    });
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(await screen.findByText('Export requests as HAR')).toBeInTheDocument();
    expect(server.listLoads()).toBe(2);

    await userEvent.click(openButton());
    expect(titleInput()).toHaveValue('');
    expect(descriptionInput()).toHaveValue('');
    expect(categorySelect()).toHaveDisplayValue('General');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
  });

  it('the success banner clears after 3000 ms', async () => {
    fakeServer([]);
    renderSuggestionsPage();
    await fillForm();
    await userEvent.click(submitButton());
    const banner = await screen.findByText('Suggestion submitted successfully!');
    await waitForElementToBeRemoved(banner, { timeout: 4000 });
  });

  it('an empty email is sent as none', async () => {
    const server = fakeServer([]);
    renderSuggestionsPage();
    await fillForm();
    await userEvent.click(submitButton());
    await screen.findByText('Suggestion submitted successfully!');
    expect(server.posts()[0]?.body).toMatchObject({ category: 'general', email: null });
  });

  it('checks the form before sending: a missing title or description sends nothing', async () => {
    const server = fakeServer([]);
    renderSuggestionsPage();
    await userEvent.click(openButton());
    await userEvent.type(titleInput(), '   ');
    await userEvent.click(submitButton());
    expect(await screen.findByText('A title is required.')).toBeInTheDocument();
    expect(screen.getByText('A description is required.')).toBeInTheDocument();
    expect(titleInput()).toHaveAttribute('aria-invalid', 'true');

    await enter(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(submitButton());
    expect(
      await screen.findByText('Please enter a valid email address, or leave it empty.'),
    ).toBeInTheDocument();
    expect(server.posts()).toEqual([]);
  });

  it('disables submit while sending', async () => {
    let answer: (value: Answer) => void = () => undefined;
    fakeServer([], () => new Promise<Answer>((resolve) => (answer = resolve)));
    renderSuggestionsPage();
    await fillForm();
    await userEvent.click(submitButton());
    expect(await screen.findByRole('button', { name: /Submitting/ })).toBeDisabled();
    answer({ status: 201, body: makeSuggestion() });
    expect(await screen.findByText('Suggestion submitted successfully!')).toBeInTheDocument();
  });

  it("shows the server's 400 error in red and keeps the form open with its values", async () => {
    fakeServer([], () => ({ status: 400, body: { error: 'The title may be at most 200 characters.' } }));
    renderSuggestionsPage();
    await fillForm();
    await userEvent.click(submitButton());
    const banner = await screen.findByText('The title may be at most 200 characters.');
    expect(banner).toHaveClass('alert-danger');
    expect(titleInput()).toHaveValue('Export requests as HAR');
    expect(submitButton()).toBeEnabled();
  });

  it('shows the hourly limit message from a 429', async () => {
    const limit = 'You have sent 10 suggestions in the last hour. Please try again later.';
    fakeServer([], () => ({ status: 429, body: { error: limit } }));
    renderSuggestionsPage();
    await fillForm();
    await userEvent.click(submitButton());
    expect(await screen.findByText(limit)).toHaveClass('alert-danger');
  });

  it("a server failure shows the server's error text", async () => {
    fakeServer([], () => ({
      status: 500,
      body: { error: 'Something went wrong on our side. Please try again.' },
    }));
    renderSuggestionsPage();
    await fillForm();
    await userEvent.click(submitButton());
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toHaveClass(
      'alert-danger',
    );
  });

  it('a server failure without an error text shows the default text', async () => {
    fakeServer([], () => ({ status: 500, body: {} }));
    renderSuggestionsPage();
    await fillForm();
    await userEvent.click(submitButton());
    expect(await screen.findByText('An error occurred while submitting your suggestion')).toHaveClass(
      'alert-danger',
    );
  });

  it('lists own suggestions with category and status labels, date and admin notes', async () => {
    fakeServer([
      makeSuggestion({
        id: 2,
        title: 'Webhook replay',
        status: 'in_progress',
        adminNotes: 'Planned for May.',
      }),
      makeSuggestion({ id: 1, title: 'Typo on About', category: 'bug_report', status: 'rejected' }),
    ]);
    renderSuggestionsPage();
    const list = await screen.findByRole('list', { name: 'Your suggestions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Webhook replay')).toBeInTheDocument();
    expect(first.getByText('Feature Request')).toBeInTheDocument();
    expect(first.getByText('In Progress')).toHaveClass('bg-info-subtle');
    expect(first.getByText('Admin notes')).toBeInTheDocument();
    expect(first.getByText('Planned for May.')).toBeInTheDocument();
    expect(first.getByText(/^Submitted /)).not.toHaveTextContent('Invalid date');

    const second = within(items[1] as HTMLElement);
    expect(second.getByText('Bug Report')).toBeInTheDocument();
    expect(second.getByText('Rejected')).toHaveClass('bg-danger-subtle');
    expect(second.queryByText('Admin notes')).not.toBeInTheDocument();
  });

  it('renders user-typed markup as text', async () => {
    fakeServer([
      makeSuggestion({
        title: '<script>alert("t")</script>',
        description: '<img src=x onerror=alert(1)>\nsecond line',
        adminNotes: '<b>bold?</b>',
      }),
    ]);
    renderSuggestionsPage();
    expect(await screen.findByText('<script>alert("t")</script>')).toBeInTheDocument();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(screen.getByText('<b>bold?</b>')).toBeInTheDocument();
    expect(document.querySelector('script, img, b')).toBeNull();
  });

  it("shows 'Failed to fetch suggestions' when the list cannot be loaded, and retries", async () => {
    let fails = true;
    stubFetch(() => (fails ? { status: 500, body: { error: 'boom' } } : { status: 200, body: [] }));
    renderSuggestionsPage();
    expect(await screen.findByText('Failed to fetch suggestions')).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No suggestions yet')).toBeInTheDocument();
  });

  it('waits for the session before loading', async () => {
    const server = fakeServer([]);
    renderSuggestionsPage(fakeSession({ user: null, status: 'loading' }));
    expect(screen.getByText('Starting your session…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toEqual([]);
  });
});
