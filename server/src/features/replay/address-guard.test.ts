import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../http/errors.js';
import { blockedRangeOf, pinnedLookup, vetTarget, type ResolvedAddress } from './address-guard.js';

const answering =
  (...addresses: ResolvedAddress[]) =>
  async () =>
    addresses;

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

describe('blockedRangeOf', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::c0a8:101', 'private'],
  ])('refuses %s as %s', (address, range) => {
    expect(blockedRangeOf(address)).toBe(range);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.0.1',
    '223.255.255.255',
    '1.0.0.0',
    '2606:4700:4700::1111',
    '2001:db8::1',
    'fec0::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
  ])('allows the public address %s', (address) => {
    expect(blockedRangeOf(address)).toBeNull();
  });
});

describe('vetTarget', () => {
  const neverAsked = async (): Promise<ResolvedAddress[]> => {
    throw new Error('an IP literal needs no lookup');
  };

  // WHATWG URL parsing turns every IPv4 spelling into dotted decimal and IPv6 into its short
  // form; the guard sees the parsed host, so none of these slips past it.
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1'],
    ['http://[0:0:0:0:0:0:0:1]/', '::1'],
    ['https://[fe80::1]:8443/', 'fe80::1'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ])('refuses %s, which names %s', async (target, address) => {
    const promise = vetTarget(new URL(target), neverAsked);
    await expect(promise).rejects.toBeInstanceOf(ForbiddenError);
    await expect(promise).rejects.toThrow(`it resolves to ${address} (`);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = answering(v4('93.184.215.14'), v4('10.0.0.5'));
    await expect(vetTarget(new URL('https://mixed.example/hook'), resolve)).rejects.toThrow(
      'Replay to mixed.example is refused: it resolves to 10.0.0.5 (private address), which this server does not send requests to.',
    );
  });

  it('refuses a name with a public IPv4 and a loopback IPv6 address', async () => {
    const resolve = answering(v4('93.184.215.14'), v6('::1'));
    await expect(vetTarget(new URL('https://mixed.example/'), resolve)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it('answers every address of a public name, and asks for the host name only', async () => {
    const asked: string[] = [];
    const addresses = [v4('93.184.215.14'), v6('2606:2800:21f:cb07:6820:80da:af6b:8b2c')];
    const resolve = async (hostname: string) => {
      asked.push(hostname);
      return addresses;
    };
    await expect(vetTarget(new URL('https://example.com:8443/a?b=c'), resolve)).resolves.toEqual(addresses);
    expect(asked).toEqual(['example.com']);
  });

  it('takes a public IP literal without a lookup', async () => {
    await expect(vetTarget(new URL('http://[2606:4700::1111]/'), neverAsked)).resolves.toEqual([
      v6('2606:4700::1111'),
    ]);
  });

  it('lets a failed lookup through as it is', async () => {
    const resolve = async (): Promise<ResolvedAddress[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    };
    await expect(vetTarget(new URL('http://nowhere.invalid/'), resolve)).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});

describe('pinnedLookup', () => {
  const addresses = [v4('93.184.215.14'), v6('2606:4700::1111')];

  it('answers the first vetted address whatever name is asked', () => {
    const answers: unknown[] = [];
    pinnedLookup(addresses)('rebinding.example', {}, (...args) => answers.push(args));
    expect(answers).toEqual([[null, '93.184.215.14', 4]]);
  });

  it('answers every vetted address when all are asked for', () => {
    const answers: unknown[] = [];
    pinnedLookup(addresses)('rebinding.example', { all: true }, (...args) => answers.push(args));
    expect(answers).toEqual([[null, addresses]]);
  });
});

describe('pinnedLookup with Node’s HTTP client', () => {
  it('makes a request for a made-up name connect to the vetted address', async () => {
    const server = http.createServer((request, response) => response.end(request.headers.host));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo; // a TCP listener always has an AddressInfo
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const request = http.request(
          `http://replay-target.invalid:${port}/`,
          { agent: false, lookup: pinnedLookup([v4('127.0.0.1')]) },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(text));
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(answer).toBe(`replay-target.invalid:${port}`);
    } finally {
      server.close();
    }
  });
});
