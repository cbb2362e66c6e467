/** Captures sent at fixed times, so that a slow server cannot slow the sender down (an open loop). */
import http from 'node:http';
import { BODY, SENDER_UA } from './client.js';
import { sleep } from './stats.js';

export interface FixedRate {
  /** The URL of the request numbered `index`. */
  urlOf: (index: number) => string;
  /** Requests a second. */
  rate: number;
  count: number;
  /** Connections kept open at most. */
  connections: number;
  /** Further headers on every request, such as a signature. */
  headers?: Record<string, string>;
  /** Told as each request is sent, with the time (performance.now()) it was due. */
  onSend?: (index: number, due: number) => void;
  /** Told as each request's answer has been read whole (whatever its status). */
  onAnswer?: (index: number) => void;
}

/**
 * POSTs the 1 KB payload `count` times, request `index` at `index / rate` seconds after the start;
 * each wake-up sends every request whose time has come, so a late timer delays them (and counts
 * against a latency measured from `due`) but never lowers the rate. Resolves once every request
 * was answered: how many answered 200, and how many did not or failed.
 */
export async function sendAtFixedRate(options: FixedRate): Promise<{ ok: number; failed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const headers = { 'content-type': 'application/json', 'user-agent': SENDER_UA, ...options.headers };
  let ok = 0;
  let failed = 0;
  const send = (index: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(options.urlOf(index), { method: 'POST', agent, headers }, (response) => {
        if (response.statusCode === 200) ok++;
        else failed++;
        response.resume().on('end', () => {
          options.onAnswer?.(index);
          resolve();
        });
      });
      request.on('error', () => {
        failed++;
        resolve();
      });
      request.end(BODY);
    });
  const pending: Promise<void>[] = [];
  const start = performance.now() + 50;
  const dueOf = (index: number) => start + (index * 1000) / options.rate;
  for (let index = 0; index < options.count;) {
    for (; index < options.count && dueOf(index) <= performance.now(); index++) {
      options.onSend?.(index, dueOf(index));
      pending.push(send(index));
    }
    if (index < options.count) await sleep(Math.max(0, dueOf(index) - performance.now()));
  }
  await Promise.all(pending);
  agent.destroy();
  return { ok, failed };
}
