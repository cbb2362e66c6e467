import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ForwardCard } from './ForwardCard';

describe('ForwardCard', () => {
  it("shows this session's forward commands and copies each", () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<ForwardCard sessionId="abc" />);
    const url = `${window.location.origin}/webhook/abc`;
    expect(screen.getByRole('heading', { name: 'Forward to your machine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy command' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show commands' }));
    const npx = `npx hookbay forward ${url} --to http://localhost:3000/webhooks`;
    expect(screen.getByText(npx)).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Copy command' })) fireEvent.click(button);
    const fetched = `curl -sO ${window.location.origin}/cli/hookbay.mjs && node hookbay.mjs forward ${url} --to http://localhost:3000/webhooks`;
    expect(writeText.mock.calls.map(([text]) => text)).toEqual([fetched, npx, `${fetched} --respond`]);
  });
});
