import { describe, expect, it } from 'vitest';
import { parseIp } from '../short-links/asn.js';
import { ipRangeOf, isInRange } from './ip-ranges.js';

function inside(range: string, ip: string): boolean {
  const parsed = parseIp(ip);
  if (!parsed) throw new Error(ip);
  return isInRange(ipRangeOf(range), parsed);
}

describe('IP ranges of targeting conditions', () => {
  it('holds the edges of an IPv4 range, high addresses included', () => {
    expect(inside('192.168.0.0/16', '192.168.0.0')).toBe(true);
    expect(inside('192.168.0.0/16', '192.168.255.255')).toBe(true);
    expect(inside('192.168.0.0/16', '192.169.0.0')).toBe(false);
    expect(inside('192.168.0.0/16', '192.167.255.255')).toBe(false);
    expect(inside('128.0.0.0/1', '255.255.255.255')).toBe(true);
    expect(inside('128.0.0.0/1', '127.255.255.255')).toBe(false);
    expect(inside('0.0.0.0/0', '8.8.8.8')).toBe(true);
    expect(inside('10.1.2.3', '10.1.2.3')).toBe(true);
    expect(inside('10.1.2.3', '10.1.2.4')).toBe(false);
  });

  it('holds the edges of an IPv6 range that ends inside a word', () => {
    expect(inside('2001:db8::/36', '2001:db8:fff:ffff::1')).toBe(true);
    expect(inside('2001:db8::/36', '2001:db8:1000::')).toBe(false);
    expect(inside('::/0', '2001:db8::1')).toBe(true);
    expect(inside('2001:db8::1', '2001:db8::1')).toBe(true);
    expect(inside('2001:db8::1', '2001:db8::2')).toBe(false);
    expect(inside('ffff::/16', 'ffff:ffff::')).toBe(true);
  });

  it('compares IPv4 and IPv4-mapped addresses as one, and no other family', () => {
    expect(inside('203.0.113.0/24', '::ffff:203.0.113.9')).toBe(true);
    expect(inside('::ffff:203.0.113.0/120', '203.0.113.9')).toBe(true);
    expect(inside('::ffff:203.0.113.0/120', '203.0.114.9')).toBe(false);
    expect(inside('2001:db8::/32', '203.0.113.9')).toBe(false);
    expect(inside('0.0.0.0/0', '2001:db8::1')).toBe(false);
  });
});
