import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSender, newSecret } from './sender.js';

describe('sending one click webhook', () => {
  let silent: http.Server;
  let silentUrl: URL;

  beforeAll(async () => {
    // Takes the request and never answers.
    silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = new URL(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/in`); // TCP, so AddressInfo
  });
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
  });

  const send = (url: URL, options: Parameters<typeof createSender>[0]) =>
    createSender(options).send(url, newSecret(), 'msg_1', '{}', Date.now());

  it('gives up on a target that does not answer in time, saying so', async () => {
    await expect(send(silentUrl, { allowPrivate: true, timeoutMs: 50 })).rejects.toThrow(
      `${silentUrl.host} did not answer within 0.05 seconds.`,
    );
  });

  it('refuses a loopback target unless private addresses are allowed', async () => {
    await expect(send(silentUrl, { allowPrivate: false })).rejects.toThrow(
      `Delivery to ${silentUrl.host} is refused: it resolves to 127.0.0.1 (loopback address)`,
    );
  });

  it('says when the connection is refused', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo; // TCP, so AddressInfo
    await new Promise((resolve) => closed.close(resolve));
    await expect(send(new URL(`http://127.0.0.1:${port}/`), { allowPrivate: true })).rejects.toThrow(
      `Could not reach 127.0.0.1:${port}: the connection was refused.`,
    );
  });
});
