/**
 * A user agent's browser and operating system as targeting conditions name them, by ua-parser-js
 * (as analytics and click webhooks read them). Only links whose rules ask pay for the parse, and the
 * same few user agents come back, so results are kept in a bounded map.
 */
import { UAParser } from 'ua-parser-js';
import type { TargetBrowser, TargetOs } from '../../../../shared/link-conditions.js';

export interface AgentKeys {
  browser: TargetBrowser | null;
  os: TargetOs | null;
}

const BROWSERS: Record<string, TargetBrowser> = {
  chrome: 'chrome',
  'mobile chrome': 'chrome',
  'chrome webview': 'chrome',
  'chrome headless': 'chrome',
  chromium: 'chrome',
  safari: 'safari',
  'mobile safari': 'safari',
  firefox: 'firefox',
  'mobile firefox': 'firefox',
  edge: 'edge',
  opera: 'opera',
  'opera mobi': 'opera',
  'opera touch': 'opera',
  'opera gx': 'opera',
  'samsung internet': 'samsung',
  'samsung browser': 'samsung',
};

const SYSTEMS: Record<string, TargetOs> = {
  ios: 'ios',
  android: 'android',
  windows: 'windows',
  'mac os': 'macos',
  macos: 'macos',
  'chromium os': 'chromeos',
  'chrome os': 'chromeos',
  linux: 'linux',
  ubuntu: 'linux',
  debian: 'linux',
  fedora: 'linux',
  'linux mint': 'linux',
  mint: 'linux',
  arch: 'linux',
  gentoo: 'linux',
  centos: 'linux',
  'red hat': 'linux',
  suse: 'linux',
  opensuse: 'linux',
};

const CACHE_LIMIT = 10_000;
const known = new Map<string, AgentKeys>();
const NONE: AgentKeys = { browser: null, os: null };

/** The browser and system keys of a user agent; null for each that is missing or not on the lists. */
export function agentOf(userAgent: string | null): AgentKeys {
  if (!userAgent) return NONE;
  const hit = known.get(userAgent);
  if (hit) return hit;
  const result = new UAParser(userAgent).getResult();
  const keys = {
    browser: BROWSERS[result.browser.name?.toLowerCase() ?? ''] ?? null,
    os: SYSTEMS[result.os.name?.toLowerCase() ?? ''] ?? null,
  };
  if (known.size >= CACHE_LIMIT) known.clear();
  known.set(userAgent, keys);
  return keys;
}
