import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionCacheBus } from './session-cache.js';

/** A bus between caches in one process, standing in for the instances of a cluster. */
function localBus() {
  const listeners = new Map<string, ((sessionId: string | null) => void)[]>();
  const announced: [string, string][] = [];
  const bus: SessionCacheBus = {
    async announceSessionChange(name, sessionId) {
      announced.push([name, sessionId]);
    },
    onSessionChange(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
  };
  /** What another instance's change looks like here. */
  const remote = (name: string, sessionId: string | null) => {
    for (const listener of listeners.get(name) ?? []) listener(sessionId);
  };
  return { bus, announced, remote };
}

describe('per-session cache', () => {
  it('answers synchronously once a session was read, and reads the database once', async () => {
    const cache = createSessionCache<boolean>({ name: 'test' });
    let reads = 0;
    const load = async () => {
      reads++;
      return false;
    };
    const first = cache.read('a', load);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(false);
    expect(cache.read('a', load)).toBe(false);
    expect(reads).toBe(1);
  });

  it('does not keep a database read that a change overtook', async () => {
    const cache = createSessionCache<string>({ name: 'test' });
    let finishRead: (value: string) => void = () => undefined;
    const reading = cache.read('a', () => new Promise<string>((resolve) => (finishRead = resolve)));
    await cache.change('a', 'saved');
    finishRead('stale');
    // The stale read still answers its own caller, but is not kept.
    expect(await reading).toBe('stale');
    expect(cache.get('a')).toBe('saved');
  });

  it('announces its own changes and drops what other instances change', async () => {
    const { bus, announced, remote } = localBus();
    const cache = createSessionCache<number>({ name: 'rules', bus });
    await cache.change('a', 1);
    await cache.change('b', 2);
    expect(announced).toEqual([
      ['rules', 'a'],
      ['rules', 'b'],
    ]);
    remote('other-cache', 'a');
    expect(cache.get('a')).toBe(1);
    remote('rules', 'a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    remote('rules', null);
    expect(cache.get('b')).toBeUndefined();
  });

  it('forgets the oldest session when full', async () => {
    const cache = createSessionCache<number>({ name: 'test', limit: 2 });
    for (const [index, session] of ['a', 'b', 'c'].entries()) await cache.read(session, async () => index);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(1);
    expect(cache.get('c')).toBe(2);
  });
});
