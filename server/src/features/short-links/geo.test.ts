import { describe, expect, it } from 'vitest';
import { geoLookup as geo } from './geo.js';

const LOCAL = { city: null, region: null, country: 'Local network', isp: 'Local network' };
const UNKNOWN = { city: null, region: null, country: null, isp: null };

describe('geo lookup', () => {
  it('resolves a US IPv4 address with its ISP', () => {
    expect(geo.lookup('8.8.8.8')).toMatchObject({ country: 'US', isp: 'Google LLC' });
  });

  it('falls back to the whois country when the city database has no record', () => {
    const info = geo.lookup('1.1.1.1');
    expect(info.country).toBe('AU');
    expect(info.isp).toContain('Cloudflare');
  });

  it('returns city and region when the data has them', () => {
    const info = geo.lookup('81.2.69.142');
    expect(info.country).toBe('GB');
    expect(info.region).not.toBeNull();
    expect(info.city).not.toBeNull();
    expect(info.isp).toContain('Andrews');
  });

  it('turns empty fields in the data into null', () => {
    // GeoLite2 knows only the country for Google's anycast range.
    expect(geo.lookup('8.8.8.8')).toMatchObject({ city: null, region: null });
  });

  it('resolves IPv6 addresses', () => {
    expect(geo.lookup('2001:4860:4860::8888')).toMatchObject({ country: 'US', isp: 'Google LLC' });
  });

  it('treats IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(geo.lookup('::ffff:8.8.8.8')).toEqual(geo.lookup('8.8.8.8'));
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.0.1',
    '100.64.0.1',
    '169.254.1.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456::1',
    '::ffff:192.168.1.1',
  ])('reports %s as the local network', (ip) => {
    expect(geo.lookup(ip)).toEqual(LOCAL);
  });

  it('does not treat neighbours of private ranges as local', () => {
    expect(geo.lookup('172.32.0.1').country).not.toBe('Local network');
    expect(geo.lookup('100.128.0.1').country).not.toBe('Local network');
  });

  it.each(['not-an-ip', '', '1.2.3', '256.1.1.1', '1.2.3.4:80', '2001:db8::1::2', null, undefined])(
    'returns all nulls for %s',
    (ip) => {
      expect(geo.lookup(ip)).toEqual(UNKNOWN);
    },
  );
});
