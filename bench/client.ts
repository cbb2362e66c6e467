/** The benchmark's view of a Hookbay server: sessions, live listeners, stored counts, the payload. */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../shared/realtime.js';
import { EVENTS_PAGE_MAX } from '../shared/webhooks.js';
import { DESKTOP_CHROME_UA } from '../e2e/harness.js';
import { wrk, type WrkOptions, type WrkResult } from './wrk.js';

export const SENDER_UA = 'hookbay-bench';
/** Open connections of every wrk run. */
export const CONNECTIONS = 50;

/** A 1 KB JSON webhook payload. */
export const BODY = (() => {
  const event = {
    id: 'evt_1PqR2sT3uV4wX5yZ',
    type: 'payment_intent.succeeded',
    amount: 4200,
    currency: 'usd',
    note: '',
  };
  event.note = 'x'.repeat(1024 - JSON.stringify(event).length);
  return JSON.stringify(event);
})();

export type Listener = Socket<ServerToClientEvents, ClientToServerEvents>;

export async function api<T>(origin: string, route: string, sessionId?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(sessionId ? { 'x-session-id': sessionId } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function newSession(origin: string): Promise<{ id: string; sessionId: string }> {
  return api(origin, '/api/user', undefined, {});
}

export async function connect(origin: string, sessionId: string): Promise<Listener> {
  const socket: Listener = io(origin, { auth: { sessionId }, transports: ['websocket'] });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}

/** Requests stored in a session, counted page by page. */
export async function storedCount(origin: string, sessionId: string): Promise<number> {
  let count = 0;
  let before: number | undefined;
  for (;;) {
    const query = `limit=${EVENTS_PAGE_MAX}${before ? `&before=${before}` : ''}`;
    const page = await api<{ id: number }[]>(origin, `/api/events?${query}`, sessionId);
    count += page.length;
    if (page.length < EVENTS_PAGE_MAX) return count;
    before = page.at(-1)?.id;
  }
}

/**
 * wrk on `url` with CONNECTIONS connections: a POST carries the sender's body and user agent, a GET
 * comes from a desktop browser.
 */
export function wrkAt(
  url: string,
  method: 'GET' | 'POST',
  seconds: number,
  extra: Pick<WrkOptions, 'headers' | 'quota'> = {},
): Promise<WrkResult> {
  return wrk({
    url,
    seconds,
    connections: CONNECTIONS,
    method,
    ...(method === 'POST' ? { body: BODY, userAgent: SENDER_UA } : { userAgent: DESKTOP_CHROME_UA }),
    ...extra,
  });
}
