import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UrlFormModal, type UrlFormSubmit } from './UrlFormModal';

/** The "More options" region the toggle opens and closes. */
const optionsRegion = (toggle: HTMLElement) =>
  document.getElementById(toggle.getAttribute('aria-controls') ?? '');

describe('UrlFormModal', () => {
  afterEach(cleanup);

  it('opens "More options" to offer a free alias when the alias was taken with the options closed', async () => {
    const onSubmit = vi.fn<UrlFormSubmit>((_url, _options, onAliasTaken) => {
      onAliasTaken({ message: 'This alias is already taken; choose another.', suggestion: 'launch-2' });
      return Promise.resolve(false);
    });
    render(
      <UrlFormModal show mode="add" initial={null} isBusy={false} onSubmit={onSubmit} onHide={vi.fn()} />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Add URL' }));
    await userEvent.type(dialog.getByLabelText('Long URL'), 'https://docs.example.com/x');
    const toggle = dialog.getByRole('button', { name: /More options/ });
    await userEvent.click(toggle);
    await userEvent.type(dialog.getByLabelText('Alias'), 'launch');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(optionsRegion(toggle)).not.toHaveClass('show'));

    await userEvent.click(dialog.getByRole('button', { name: 'Add URL' }));
    expect(onSubmit).toHaveBeenCalledWith(
      'https://docs.example.com/x',
      { alias: 'launch' },
      expect.any(Function),
    );
    expect(await dialog.findByRole('button', { name: 'Use “launch-2”' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Alias')).toHaveAccessibleDescription(
      'This alias is already taken; choose another. This one is free: Use “launch-2”',
    );
    expect(dialog.getByLabelText('Alias')).toHaveAttribute('aria-invalid', 'true');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Fewer options');
    await waitFor(() => expect(optionsRegion(toggle)).toHaveClass('show'));

    // The offer opens the options once; the user can still close them.
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
