/**
 * Keeps server-side replay off the server's own network: a target is refused when any address
 * its name resolves to is loopback, unspecified, private, link-local, CGNAT or multicast (IPv4,
 * IPv6, and IPv4 written inside IPv6). The request then connects to the addresses checked here,
 * through `pinnedLookup`, so a second DNS answer cannot slip another address in between.
 */
import dns from 'node:dns';
import net from 'node:net';
import { ForbiddenError } from '../../http/errors.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; injectable so tests can answer what they like. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

type Range = [network: number, prefixLength: number, name: string];

const IPV4_BLOCKED: Range[] = [
  [ipv4Number('0.0.0.0'), 8, 'unspecified'],
  [ipv4Number('127.0.0.0'), 8, 'loopback'],
  [ipv4Number('10.0.0.0'), 8, 'private'],
  [ipv4Number('172.16.0.0'), 12, 'private'],
  [ipv4Number('192.168.0.0'), 16, 'private'],
  [ipv4Number('169.254.0.0'), 16, 'link-local'],
  [ipv4Number('100.64.0.0'), 10, 'CGNAT'],
  [ipv4Number('224.0.0.0'), 4, 'multicast'],
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function ipv4RangeOf(value: number): string | null {
  for (const [network, prefixLength, name] of IPV4_BLOCKED) {
    const size = 2 ** (32 - prefixLength);
    if (Math.floor(value / size) === Math.floor(network / size)) return name;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail and a zone allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const value = ipv4Number(dotted);
    text = `${text.slice(0, -dotted.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  const last = parse(tail ?? '');
  const zeros = tail === undefined ? [] : new Array<number>(8 - first.length - last.length).fill(0);
  return [...first, ...zeros, ...last];
}

function ipv6RangeOf(address: string): string | null {
  const groups = ipv6Groups(address);
  const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const upperFiveZero = groups.slice(0, 5).every((group) => group === 0);
  if (upperFiveZero && g5 === 0 && g6 === 0 && g7 <= 1) return g7 === 1 ? 'loopback' : 'unspecified';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) reach the IPv4 address they carry.
  if (upperFiveZero && (g5 === 0xffff || g5 === 0)) return ipv4RangeOf(g6 * 0x10000 + g7);
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/** The name of the refused range an IP address falls in ("loopback", "private", …), or null when it is allowed. */
export function blockedRangeOf(address: string): string | null {
  const family = net.isIP(address.replace(/%.*$/, ''));
  if (family === 4) return ipv4RangeOf(ipv4Number(address));
  if (family === 6) return ipv6RangeOf(address);
  return 'unknown';
}

/**
 * The addresses to connect to for `url`, each one checked. Throws ForbiddenError when any of
 * them is refused, naming the refused `action`; lets the resolver's own error (an unknown name) through.
 */
export async function vetTarget(url: URL, resolve: Resolver, action = 'Replay'): Promise<ResolvedAddress[]> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(hostname);
  const addresses: ResolvedAddress[] =
    literal === 0 ? await resolve(hostname) : [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  for (const { address } of addresses) {
    const range = blockedRangeOf(address);
    if (range) {
      throw new ForbiddenError(
        `${action} to ${url.host} is refused: it resolves to ${address} (${range} address), which this server does not send requests to.`,
      );
    }
  }
  return addresses;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | ResolvedAddress[],
  family?: number,
) => void;

/** A `lookup` for http.request that answers only the addresses vetTarget checked. */
export function pinnedLookup(addresses: ResolvedAddress[]) {
  return (_hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    const first = addresses[0];
    if (!first) {
      callback(Object.assign(new Error('No address to connect to'), { code: 'ENOTFOUND' }), []);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
}

const UNREACHABLE_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was closed before an answer came',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved',
  EHOSTUNREACH: 'there is no route to it',
  ENETUNREACH: 'there is no route to it',
};

/** Why a request to `target` got no answer, in words: "Could not reach example.com: …". */
export function unreachableMessage(target: URL, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  const reason = UNREACHABLE_REASONS[code] ?? (error instanceof Error ? error.message : String(error));
  return `Could not reach ${target.host}: ${reason}.`;
}
