/**
 * What targeting rules ask about a visitor, each read at most once per visit and only when a rule
 * asks: a link whose rules test only the device never parses Accept-Language or looks up the IP.
 */
import type { TargetDevice } from '../../../../shared/link-conditions.js';
import { parseIp, type ParsedIp } from '../short-links/asn.js';
import type { GeoInfo } from '../short-links/geo.js';
import { agentOf, type AgentKeys } from './agents.js';
import { decodeQueryPart } from './forward-query.js';
import { isInRange, type IpRange } from './ip-ranges.js';

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

/** What a visit brings that targeting reads. */
export interface VisitorFacts {
  userAgent: string | null;
  acceptLanguage: string | null | undefined;
  /** The visit's query string without its `?`. */
  query: string;
  ip: string | null;
  /** Epoch ms of the visit. */
  at: number;
  locate: () => GeoInfo;
}

/** The visit as targeting sees it; each fact is computed on first use. */
export class Visitor {
  readonly at: number;
  private device?: TargetDevice | null;
  private language?: string | null;
  private geo?: GeoInfo;
  private agent?: AgentKeys;
  private params?: Map<string, string[]>;
  private address?: ParsedIp | null;

  constructor(private readonly facts: VisitorFacts) {
    this.at = facts.at;
  }

  deviceFamily(): TargetDevice | null {
    if (this.device === undefined) this.device = deviceOf(this.facts.userAgent);
    return this.device;
  }

  languageTag(): string | null {
    if (this.language === undefined) this.language = preferredLanguage(this.facts.acceptLanguage);
    return this.language;
  }

  browser(): string | null {
    this.agent ??= agentOf(this.facts.userAgent);
    return this.agent.browser;
  }

  operatingSystem(): string | null {
    this.agent ??= agentOf(this.facts.userAgent);
    return this.agent.os;
  }

  /** The decoded values the visit's query gives the parameter (a bare `?name` gives ''). */
  queryValues(name: string): string[] {
    this.params ??= paramsOf(this.facts.query);
    return this.params.get(name) ?? [];
  }

  /** True when the visitor's address (an IPv4-mapped one as IPv4) is in the ranges. */
  isIn(range: IpRange): boolean {
    if (this.address === undefined) this.address = this.facts.ip === null ? null : parseIp(this.facts.ip);
    return this.address !== null && isInRange(range, this.address);
  }

  countryCode(): string | null {
    return this.location().country;
  }

  /** The IP's location, looked up once; the click record reuses it. */
  location(): GeoInfo {
    this.geo ??= this.facts.locate();
    return this.geo;
  }

  /** The location if a rule already looked it up, so that the click does not look it up again. */
  knownLocation(): GeoInfo | undefined {
    return this.geo;
  }
}

function paramsOf(query: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeQueryPart(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodeQueryPart(pair.slice(equals + 1));
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  return params;
}
