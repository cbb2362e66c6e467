/**
 * The exact counts: a fixed number of requests, every answer awaited, then acknowledged, stored,
 * pushed (and for redirects, clicks counted and url-click events) compared.
 */
import { JOIN_USER_ROOM, URL_CLICK, WEBHOOK_REQUEST } from '../shared/realtime.js';
import { api, connect, newSession, storedCount, wrkAt } from './client.js';
import { namedSession } from './named.js';
import { settled } from './stats.js';

export const EXACT_COUNT = 5000;

export interface ExactCounts {
  captureAcked: number;
  stored: number;
  pushed: number;
  captureErrors: number;
  /** The same EXACT_COUNT captures sent to a named inspector's `/webhook/{name}`. */
  named: { acked: number; stored: number; pushed: number; errors: number };
  redirectAcked: number;
  clicks: number;
  clickEvents: number;
  redirectErrors: number;
}

/** A fresh session and link, EXACT_COUNT requests each, every answer awaited, then everything counted. */
export async function exactCounts(origin: string): Promise<ExactCounts> {
  const exact = await newSession(origin);
  const listener = await connect(origin, exact.sessionId);
  let pushed = 0;
  let clickEvents = 0;
  listener.on(WEBHOOK_REQUEST, () => pushed++);
  listener.on(URL_CLICK, () => clickEvents++);
  await new Promise<void>((resolve) => listener.emit(JOIN_USER_ROOM, exact.id, () => resolve()));
  const capture = await wrkAt(`${origin}/webhook/${exact.sessionId}`, 'POST', 3, { quota: EXACT_COUNT });
  const named = await exactByName(origin);
  const link = await api<{ id: string }>(origin, '/api/urls', exact.sessionId, {
    url: 'https://example.com/exact',
  });
  const redirect = await wrkAt(`${origin}/s/${link.id}`, 'GET', 3, { quota: EXACT_COUNT });
  await settled(() => pushed + clickEvents);
  const stored = await storedCount(origin, exact.sessionId);
  const clicks = (await api<{ totalClicks: number }>(origin, `/s/${link.id}/analytics`, exact.sessionId))
    .totalClicks;
  listener.close();
  return {
    captureAcked: capture.acked,
    stored,
    pushed,
    captureErrors: capture.errors,
    named,
    redirectAcked: redirect.acked,
    clicks,
    clickEvents,
    redirectErrors: redirect.errors,
  };
}

/** EXACT_COUNT captures to a fresh named inspector by its name, each answer awaited, then counted. */
async function exactByName(origin: string): Promise<ExactCounts['named']> {
  const named = await namedSession(origin, 'bench-exact-by-name');
  const listener = await connect(origin, named.sessionId);
  let pushed = 0;
  listener.on(WEBHOOK_REQUEST, () => pushed++);
  const capture = await wrkAt(`${origin}/webhook/${named.name}`, 'POST', 3, { quota: EXACT_COUNT });
  await settled(() => pushed);
  const stored = await storedCount(origin, named.sessionId);
  listener.close();
  return { acked: capture.acked, stored, pushed, errors: capture.errors };
}
