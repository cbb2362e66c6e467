/**
 * An IP condition's range as numbers, worked out once when the link enters the cache, so that a
 * visit's test is a few masked compares of the address it has already parsed.
 */
import { parseIp, type ParsedIp } from '../short-links/asn.js';

export interface IpRange {
  family: 4 | 6;
  /** The range's first address as 32-bit words, most significant first. */
  words: number[];
  /** Leading bits that must match. */
  prefix: number;
}

/** The mask of word `index` for a prefix length, as an unsigned 32-bit number. */
function maskOf(prefix: number, index: number): number {
  const bits = Math.min(32, Math.max(0, prefix - index * 32));
  return bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
}

/**
 * A stored condition value (an address or CIDR range, already validated) as a range. An
 * IPv4-mapped IPv6 range of /96 or longer is the IPv4 range it maps, as visitors are compared.
 */
export function ipRangeOf(value: string): IpRange {
  const slash = value.indexOf('/');
  const address = parseIp(slash === -1 ? value : value.slice(0, slash));
  if (!address) throw new Error(`not an IP range: ${value}`);
  const written = slash === -1 ? null : Number(value.slice(slash + 1));
  const wasV6 = value.includes(':');
  let prefix = written ?? (address.family === 4 ? 32 : 128);
  if (address.family === 4 && wasV6) prefix = Math.max(0, prefix - 96);
  return { family: address.family, words: address.words, prefix };
}

/** True when the parsed address lies in the range (families must agree). */
export function isInRange(range: IpRange, ip: ParsedIp): boolean {
  if (ip.family !== range.family) return false;
  for (let i = 0; i * 32 < range.prefix; i++) {
    const mask = maskOf(range.prefix, i);
    if (((ip.words[i] ?? 0) & mask) >>> 0 !== ((range.words[i] ?? 0) & mask) >>> 0) return false;
  }
  return true;
}
