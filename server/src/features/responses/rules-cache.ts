/**
 * What the capture path keeps of each session's rules (in a per-session cache): compiled rules,
 * or null for "none", so that captures only evaluate them.
 */
import { prepareResponse, type PreparedResponse } from '../../../../shared/response-templates.js';
import { compileRule, type RuleTarget } from '../../../../shared/rule-matching.js';
import {
  createSessionCache,
  type SessionCache,
  type SessionCacheBus,
} from '../session-cache/session-cache.js';
import { prepareCallback, type PreparedCallback } from '../callbacks/callback-request.js';
import type { StoredRules } from './responses.repo.js';

export interface ActiveRules extends StoredRules {
  /** The method and path test of each rule, in rule order. */
  targets: RuleTarget[];
  /** Each rule's responses with their templates parsed, so captures only evaluate them. */
  prepared: PreparedResponse[][];
  /** Each rule's callback with its templates parsed; null for a rule without one. */
  callbacks: (PreparedCallback | null)[];
}

/** A session's rules, or null when it has none. */
export type CachedRules = ActiveRules | null;

export type RulesCache = SessionCache<CachedRules>;

export function createRulesCache(bus?: SessionCacheBus, limit?: number): RulesCache {
  return createSessionCache<CachedRules>({ name: 'response-rules', bus, limit });
}

/** Compiles stored rules; no rules at all behaves exactly like no saved row (default answer, no counting). */
export function activateRules(stored: StoredRules | null): CachedRules {
  if (!stored || stored.rules.length === 0) return null;
  return {
    ...stored,
    targets: stored.rules.map(compileRule),
    prepared: stored.rules.map((rule) => rule.responses.map(prepareResponse)),
    callbacks: stored.rules.map((rule) => (rule.callback ? prepareCallback(rule.callback) : null)),
  };
}
