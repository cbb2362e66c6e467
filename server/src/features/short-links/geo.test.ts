import { describe, expect, it } from 'vitest';
import { createGeoLookup, geoLookup as geo, type FamilyDbs } from './geo.js';

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

describe('geo databases', () => {
  /** A stand-in for one family's databases, answering every address with `country`. */
  function family(country: string): FamilyDbs {
    const reader = { get: () => ({ country_code: country }) };
    return { city: reader, country: reader, asn: { find: () => `${country} ISP` } } as unknown as FamilyDbs;
  }

  it('are read for a family on its first public address, once, and never for local or malformed ones', () => {
    const loads: (4 | 6)[] = [];
    const lookup = createGeoLookup((loaded) => {
      loads.push(loaded);
      return family(loaded === 4 ? 'FR' : 'DE');
    });
    expect(lookup.lookup('127.0.0.1')).toEqual(LOCAL);
    expect(lookup.lookup('not-an-ip')).toEqual(UNKNOWN);
    expect(loads).toEqual([]);

    expect(lookup.lookup('8.8.8.8')).toMatchObject({ country: 'FR', isp: 'FR ISP' });
    expect(lookup.lookup('1.1.1.1').country).toBe('FR');
    expect(lookup.lookup('::ffff:8.8.4.4').country).toBe('FR');
    // Visitors over IPv4 alone never load IPv6's databases.
    expect(loads).toEqual([4]);

    expect(lookup.lookup('2001:4860:4860::8888')).toMatchObject({ country: 'DE', isp: 'DE ISP' });
    expect(lookup.lookup('2606:4700:4700::1111').country).toBe('DE');
    expect(loads).toEqual([4, 6]);
  });
});
