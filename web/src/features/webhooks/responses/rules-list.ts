/** The panel's edits to the list of rules, as pure functions, and the one-line summaries of rules. */
import type { RuleCondition } from '../../../../../shared/response-conditions';
import { isFault, type ResponseRule, type ScriptedResponse } from '../../../../../shared/responses';
import { responseMessages } from './messages';

/** The list with rule `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveRule<T>(rules: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= rules.length || target < 0 || target >= rules.length) return [...rules];
  const moved = [...rules];
  // Both indexes were checked to be inside the list just above.
  [moved[index], moved[target]] = [moved[target] as T, moved[index] as T];
  return moved;
}

export function removeRule<T>(rules: readonly T[], index: number): T[] {
  return rules.filter((_, position) => position !== index);
}

/** The list with rule `index` replaced, or `rule` added at the end when index is null. */
export function putRule<T>(rules: readonly T[], index: number | null, rule: T): T[] {
  if (index === null) return [...rules, rule];
  return rules.map((current, position) => (position === index ? rule : current));
}

function describeResponse(response: ScriptedResponse): string {
  const what = isFault(response) ? responseMessages.faultLabels[response.fault] : String(response.status);
  return response.delayMs > 0 ? `${what} ${responseMessages.delay(response.delayMs)}` : what;
}

/**
 * "500, 500, 200 then the last again", with a delay noted where there is one, faults by name and
 * the rule's chance last.
 */
export function describeResponses(rule: ResponseRule): string {
  const answers = rule.responses.map(describeResponse).join(', ');
  const sequence =
    rule.responses.length === 1 ? answers : `${answers} ${responseMessages.thenLabels[rule.then]}`;
  return rule.chance === undefined
    ? sequence
    : `${sequence} ${responseMessages.chanceNote(rule.chance, rule.seed)}`;
}

/** The answers of a rule in order, faults by name: "500, 500, 200". */
function answersOf(rule: ResponseRule): string {
  return rule.responses
    .map((response) =>
      isFault(response) ? responseMessages.faultLabels[response.fault] : String(response.status),
    )
    .join(', ');
}

/** One line for a rule, as the header shows it: "POST /github/* → 500, 500, 200", its chance after it. */
export function ruleHeadline(rule: ResponseRule): string {
  const isEvery = rule.method === '*' && rule.path === '*';
  const target = isEvery
    ? responseMessages.everyRequest
    : `${rule.method === '*' ? '' : `${rule.method} `}${rule.path}`;
  const chance = rule.chance === undefined ? '' : ` (${rule.chance} %)`;
  return `${target} → ${answersOf(rule)}${chance}`;
}

/** What the webhook URL answers, in one line: the first rule and how many more follow it. */
export function rulesSummary(rules: readonly ResponseRule[]): string {
  const [first, ...others] = rules;
  if (!first) return responseMessages.defaultHeadline;
  const headline = ruleHeadline(first);
  return others.length === 0 ? headline : `${headline} ${responseMessages.moreRules(others.length)}`;
}

function describeCondition({ field, op, value }: RuleCondition): string {
  const sign = responseMessages.opSigns[op];
  if (op === 'exists') return `${field} ${sign}`;
  return op === 'matches' ? `${field} ${sign} /${value ?? ''}/` : `${field} ${sign} ${value ?? ''}`;
}

/** A rule's callback in one line, "then calls back POST {{body.callback_url}} after 2 s (signed)"; '' without one. */
export function describeCallback(rule: Pick<ResponseRule, 'callback'>): string {
  const { callback } = rule;
  if (!callback) return '';
  return responseMessages.callbackNote(
    callback.method,
    callback.url,
    callback.delayMs,
    Boolean(callback.secret),
  );
}

/** A rule's conditions in one line, "if header.X-GitHub-Event = push, body.ref ~ /^v/"; '' without any. */
export function describeConditions(rule: Pick<ResponseRule, 'conditions'>): string {
  const conditions = rule.conditions ?? [];
  if (conditions.length === 0) return '';
  return responseMessages.conditionsNote(conditions.map(describeCondition).join(', '));
}
