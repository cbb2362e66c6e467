/**
 * Crash safety: the real server is killed with SIGKILL while captures and short-link clicks are
 * streaming in, then started again on the same DATA_DIR. Every capture that was answered 200 is
 * there, byte for byte, and every click that was answered 302 is counted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/sessions.js';
import { startServer, type ServerProcess } from './processes.js';

const DESKTOP_CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The kill comes once this many captures are acknowledged; the load would go on well past it. */
const KILL_AFTER = 300;
const CONCURRENCY = 8;

interface Tally {
  acked: number;
  /** Sent but neither answered nor refused: the kill came first. Each may or may not be stored. */
  unknown: number;
}

/** Sends requests `CONCURRENCY` at a time until one fails (the server is gone); counts the answers. */
async function drive(send: (index: number) => Promise<boolean>, onAck: () => void): Promise<Tally> {
  const tally: Tally = { acked: 0, unknown: 0 };
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const index = next++;
      try {
        if (!(await send(index))) throw new Error(`request ${index} was answered but not acknowledged`);
        tally.acked += 1;
        onAck();
      } catch (error) {
        if (error instanceof TypeError) {
          // fetch failed: the connection died with the server.
          tally.unknown += 1;
          stopped = true;
        } else throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return tally;
}

async function allEvents(origin: string, sessionId: string): Promise<{ id: number; body: string }[]> {
  const events: { id: number; body: string }[] = [];
  let before: number | null = null;
  for (;;) {
    const query = `limit=500${before === null ? '' : `&before=${before}`}`;
    const response = await fetch(`${origin}/api/events?${query}`, { headers: { 'x-session-id': sessionId } });
    const page = (await response.json()) as { id: number; body: string }[];
    if (page.length === 0) return events;
    events.push(...page);
    before = Math.min(...page.map((event) => event.id));
  }
}

// Two server starts and a load run: longer than a unit test on a busy machine.
describe('a crash mid-stream', { timeout: 90_000 }, () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  });

  it('loses no acknowledged capture and no counted click', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-crash-'));
    const first = await startServer({ dataDir });
    servers.push(first);
    const user = (await (await fetch(`${first.origin}/api/user`, { method: 'POST' })).json()) as SessionUser;
    const headers = { 'x-session-id': user.sessionId, 'content-type': 'application/json' };
    const created = await fetch(`${first.origin}/api/urls`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: 'https://example.com/crash' }),
    });
    const linkId = ((await created.json()) as { id: string }).id;

    const ackedCaptures = new Map<number, string>();
    /** Bodies sent and not (yet) answered: at the kill, these are the captures whose fate is open. */
    const unanswered = new Set<string>();
    let killing: Promise<void> | null = null;
    const killWhenDue = () => {
      if (ackedCaptures.size >= KILL_AFTER) killing ??= first.stop('SIGKILL');
    };
    const [captures, clicks] = await Promise.all([
      drive(async (index) => {
        const body = `capture ${index}`;
        unanswered.add(body);
        const response = await fetch(`${first.origin}/webhook/${user.sessionId}/c`, { method: 'POST', body });
        if (response.status !== 200) return false;
        ackedCaptures.set(((await response.json()) as { id: number }).id, body);
        unanswered.delete(body);
        return true;
      }, killWhenDue),
      drive(async () => {
        const response = await fetch(`${first.origin}/s/${linkId}`, {
          redirect: 'manual',
          headers: { 'user-agent': DESKTOP_CHROME_UA },
        });
        return response.status === 302;
      }, killWhenDue),
    ]);
    await killing;
    expect(captures.acked).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(ackedCaptures.size).toBe(captures.acked);
    expect(clicks.acked).toBeGreaterThan(0);

    const second = await startServer({ dataDir });
    servers.push(second);
    const stored = new Map(
      (await allEvents(second.origin, user.sessionId)).map((event) => [event.id, event.body]),
    );
    for (const [id, body] of ackedCaptures) expect(stored.get(id)).toBe(body);
    // Anything else stored is a capture that was in flight at the kill, each at most once.
    const extra = [...stored].filter(([id]) => !ackedCaptures.has(id)).map(([, body]) => body);
    expect(new Set(extra).size).toBe(extra.length);
    for (const body of extra) expect([...unanswered]).toContain(body);
    expect(stored.size).toBe(captures.acked + extra.length);
    expect(extra.length).toBeLessThanOrEqual(captures.unknown);

    const links = (await (await fetch(`${second.origin}/api/urls`, { headers })).json()) as {
      id: string;
      clicks: number;
    }[];
    const counted = links.find((link) => link.id === linkId)?.clicks ?? -1;
    expect(counted).toBeGreaterThanOrEqual(clicks.acked);
    expect(counted).toBeLessThanOrEqual(clicks.acked + clicks.unknown);
  });
});
