/**
 * What targeting rules ask about a visitor, each read at most once per visit and only when a rule
 * asks: a link whose rules test only the device never parses Accept-Language or looks up the IP.
 */
import type { TargetDevice } from '../../../../shared/link-targeting.js';
import type { GeoInfo } from '../short-links/geo.js';

const IOS = /\b(?:iPhone|iPad|iPod)\b/;
const ANDROID = /\bAndroid\b/i;
/** Phones and tablets that are neither iOS nor Android: not a desktop either. */
const OTHER_MOBILE = /Mobi|Tablet|Kindle|Silk|BlackBerry|BB10|Opera Mini|KaiOS|Windows Phone/i;

/**
 * The device family of a user agent, by its platform tokens (no full parse on the redirect path);
 * null when there is no user agent or it is another kind of phone or tablet. An iPad in its default
 * "desktop website" mode sends a Mac user agent and counts as a desktop.
 */
export function deviceOf(userAgent: string | null): TargetDevice | null {
  if (!userAgent) return null;
  if (IOS.test(userAgent)) return 'ios';
  if (ANDROID.test(userAgent)) return 'android';
  return OTHER_MOBILE.test(userAgent) ? null : 'desktop';
}

/**
 * The primary tag (lower case) of the language the visitor prefers most in an Accept-Language
 * header: the highest q, the first one on a tie; `*` and q=0 are skipped. Null without one.
 */
export function preferredLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  let best: string | null = null;
  let bestQ = 0;
  for (const entry of header.split(',')) {
    const [range = '', ...params] = entry.split(';');
    const tag = range.trim();
    if (tag === '' || tag === '*') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value);
    }
    if (!(q > bestQ)) continue;
    bestQ = q;
    best = tag;
  }
  if (best === null) return null;
  const dash = best.indexOf('-');
  return (dash === -1 ? best : best.slice(0, dash)).toLowerCase();
}

/** The visit as targeting sees it; each fact is computed on first use. */
export class Visitor {
  private device?: TargetDevice | null;
  private language?: string | null;
  private geo?: GeoInfo;

  constructor(
    private readonly userAgent: string | null,
    private readonly acceptLanguage: string | null | undefined,
    private readonly locate: () => GeoInfo,
  ) {}

  deviceFamily(): TargetDevice | null {
    if (this.device === undefined) this.device = deviceOf(this.userAgent);
    return this.device;
  }

  languageTag(): string | null {
    if (this.language === undefined) this.language = preferredLanguage(this.acceptLanguage);
    return this.language;
  }

  countryCode(): string | null {
    return this.location().country;
  }

  /** The IP's location, looked up once; the click record reuses it. */
  location(): GeoInfo {
    this.geo ??= this.locate();
    return this.geo;
  }

  /** The location if a rule already looked it up, so that the click does not look it up again. */
  knownLocation(): GeoInfo | undefined {
    return this.geo;
  }
}
