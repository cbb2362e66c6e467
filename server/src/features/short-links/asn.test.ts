import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAsnCsv, parseIp, ipv4NumField, ipv6TextField } from './asn.js';

function csv(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'asn-')), 'asn.csv');
  writeFileSync(file, content);
  return file;
}

describe('parseIp', () => {
  it('parses IPv4 into one unsigned word', () => {
    expect(parseIp('255.1.2.3')).toEqual({ family: 4, words: [0xff010203], text: '255.1.2.3' });
  });

  it('expands IPv6 shorthand, embedded IPv4 and zone ids', () => {
    expect(parseIp('2001:db8::1')?.words).toEqual([0x20010db8, 0, 0, 1]);
    expect(parseIp('64:ff9b::1.2.3.4')?.words).toEqual([0x0064ff9b, 0, 0, 0x01020304]);
    expect(parseIp('fe80::1%eth0')).toEqual({ family: 6, words: [0xfe800000, 0, 0, 1], text: 'fe80::1' });
  });

  it('unwraps IPv4-mapped IPv6', () => {
    expect(parseIp('::ffff:10.0.0.1')).toEqual({ family: 4, words: [0x0a000001], text: '10.0.0.1' });
    expect(parseIp('::ffff:a00:1')).toEqual({ family: 4, words: [0x0a000001], text: '10.0.0.1' });
  });

  it('rejects malformed input', () => {
    for (const ip of ['', 'x', '1.2.3.4.5', '01.2.3.4', ':::', '1::2::3']) expect(parseIp(ip)).toBeNull();
  });
});

describe('loadAsnCsv', () => {
  it('finds the containing range and unquotes organisation names', () => {
    const table = loadAsnCsv(
      csv('16777216,16777471,13335,"Cloudflare, Inc."\r\n35309568,35313663,201907,"LLC ""SPUTNIK"""\r\n'),
      1,
      ipv4NumField,
    );
    expect(table.size).toBe(2);
    expect(table.find([16777216])).toBe('Cloudflare, Inc.');
    expect(table.find([16777471])).toBe('Cloudflare, Inc.');
    expect(table.find([35310000])).toBe('LLC "SPUTNIK"');
    expect(table.find([16777215])).toBeNull();
    expect(table.find([16777472])).toBeNull();
    expect(table.find([0xffffffff])).toBeNull();
  });

  it('compares IPv6 ranges word by word', () => {
    const table = loadAsnCsv(
      csv(
        '2001::,2001::ffff:ffff:ffff:ffff:ffff:ffff,6939,Hurricane Electric LLC\n2001:4860::,2001:4860:ffff:ffff:ffff:ffff:ffff:ffff,15169,Google LLC',
      ),
      4,
      ipv6TextField,
    );
    expect(table.find([0x20014860, 0x48600000, 0, 0x8888])).toBe('Google LLC');
    expect(table.find([0x20010000, 0, 0xffffffff, 0xffffffff])).toBe('Hurricane Electric LLC');
    expect(table.find([0x20010001, 0, 0, 0])).toBeNull();
    expect(table.find([0x20014861, 0, 0, 0])).toBeNull();
  });
});
