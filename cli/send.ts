/** One HTTP request with header lines exactly as given, answered whole: how a stored request is sent on. */
import http from 'node:http';
import https from 'node:https';
import { buffer } from 'node:stream/consumers';

const TARGET_TIMEOUT_MS = 30_000;

export type HeaderPairs = [string, string][];

export interface SentRequest {
  method: string;
  headers: HeaderPairs;
  body: Buffer;
  timeoutMs?: number;
}

export interface TargetAnswer {
  status: number;
  rawHeaders: HeaderPairs;
  body: Buffer;
}

/** Node's flat [name, value, …] header list as pairs. */
export function pairsOf(flat: string[]): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (let index = 0; index + 1 < flat.length; index += 2) {
    pairs.push([flat[index] as string, flat[index + 1] as string]);
  }
  return pairs;
}

/** Sends one request and reads the whole answer. */
export function send(
  url: string,
  { method, headers, body, timeoutMs = TARGET_TIMEOUT_MS }: SentRequest,
): Promise<TargetAnswer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    // A flat [name, value, …] array is sent as given: order, case and repeats kept.
    const request = client.request(url, { method, headers: headers.flat(), timeout: timeoutMs });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.on('response', (response) => {
      buffer(response).then(
        (body) =>
          resolve({ status: response.statusCode ?? 0, rawHeaders: pairsOf(response.rawHeaders), body }),
        reject,
      );
    });
    request.end(body);
  });
}
