import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, SESSION_ID } from '../test/render';
import { SessionGate } from './SessionGate';
import { SessionContext, type SessionState } from './SessionProvider';

function renderGate(session: SessionState) {
  return render(
    <SessionContext.Provider value={session}>
      <SessionGate>{(user) => <p>Content for {user.sessionId}</p>}</SessionGate>
    </SessionContext.Provider>,
  );
}

afterEach(cleanup);

describe('SessionGate', () => {
  it('shows its content with the user once the session is ready', () => {
    renderGate(fakeSession());
    expect(screen.getByText(`Content for ${SESSION_ID}`)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says it is starting the session until then', () => {
    renderGate(fakeSession({ user: null, status: 'loading' }));
    expect(screen.getByRole('status', { name: 'Starting your session…' })).toHaveTextContent(
      'Starting your session…',
    );
    expect(screen.queryByText(/Content for/)).toBeNull();
  });

  it('offers a Retry when the session could not start', () => {
    const retry = vi.fn();
    renderGate(fakeSession({ user: null, status: 'error', retry }));
    expect(screen.getByText('Could not start your session.')).toBeInTheDocument();
    expect(screen.queryByText(/Content for/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
