import { describe, expect, it } from 'vitest';
import { initialEntries, switcherReducer, type SwitcherAction, type SwitcherEntry } from './switcher-state';

const other = { sessionId: 'other', name: 'e2e-doomed', key: null };

function after(actions: SwitcherAction[]): SwitcherEntry | undefined {
  const entries = actions.reduce(
    switcherReducer,
    initialEntries({ sessionId: 'shown', name: null, key: null }, [other]),
  );
  return entries.find((entry) => entry.sessionId === 'other');
}

describe('an inspector count in the switcher', () => {
  it('keeps a request heard live while the count was on its way, when the count was made before it was stored', () => {
    const entry = after([
      { type: 'counting', sessionId: 'other' },
      { type: 'captured', sessionId: 'other', id: 7 },
      { type: 'counted', sessionId: 'other', total: 0, newestId: 0 },
    ]);
    expect(entry).toMatchObject({ total: 1, newestId: 7, unseen: 1 });
  });

  it('counts a request once when the count already holds it', () => {
    const entry = after([
      { type: 'counting', sessionId: 'other' },
      { type: 'captured', sessionId: 'other', id: 7 },
      { type: 'counted', sessionId: 'other', total: 1, newestId: 7 },
      { type: 'captured', sessionId: 'other', id: 8 },
    ]);
    expect(entry).toMatchObject({ total: 2, newestId: 8 });
  });

  it('after a clear, counts only what came after it was asked again', () => {
    const entry = after([
      { type: 'counting', sessionId: 'other' },
      { type: 'counted', sessionId: 'other', total: 0, newestId: 0 },
      { type: 'captured', sessionId: 'other', id: 3 },
      { type: 'captured', sessionId: 'other', id: 4 },
      // Cleared: asked again, and the count finds nothing.
      { type: 'counting', sessionId: 'other' },
      { type: 'counted', sessionId: 'other', total: 0, newestId: 0 },
    ]);
    expect(entry).toMatchObject({ total: 0 });
  });
});
