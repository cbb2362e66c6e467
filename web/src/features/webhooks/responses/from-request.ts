/**
 * "Make a rule from this request": a rule draft that answers requests like a captured one the way
 * it was answered (its method, its exact path, and the status, headers and body it got), with the
 * request itself as the preview's sample.
 */
import { isFault, type AnswerResponse, type ResponseRule } from '../../../../../shared/responses';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import type { SampleRequest } from './preview';
import { emptyResponseDraft, emptyRuleDraft, type ResponseDraft, type RuleDraft } from './rule-draft';

/** What the default answer sends: the event's own id in Hookbay's JSON. */
function defaultAnswer(event: WebhookEvent): Pick<ResponseDraft, 'headers' | 'body'> {
  return { headers: 'Content-Type: application/json', body: JSON.stringify({ ok: true, id: event.id }) };
}

/** The rule's answer that gave this status: its headers and body (the rules as they are now). */
function ruleAnswer(
  event: WebhookEvent,
  rules: readonly ResponseRule[],
): Pick<ResponseDraft, 'headers' | 'body'> {
  const rule = event.response.rule === undefined ? undefined : rules[event.response.rule - 1];
  const answers = (rule?.responses ?? []).filter(
    (response): response is AnswerResponse => !isFault(response),
  );
  const answer = answers.find((response) => response.status === event.response.status) ?? answers[0];
  if (!answer) return { headers: '', body: '' };
  return {
    headers: Object.entries(answer.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    body: answer.body,
  };
}

function answerDraft(event: WebhookEvent, rules: readonly ResponseRule[]): ResponseDraft {
  const { status, source } = event.response;
  // A request that got no answer (a fault) or is still waiting gets the usual 200 to start from.
  const known = status !== null && status >= 100;
  const parts =
    source === 'default'
      ? defaultAnswer(event)
      : source === 'rule'
        ? ruleAnswer(event, rules)
        : { headers: '', body: '' };
  return { ...emptyResponseDraft(), status: known ? String(status) : '200', ...parts };
}

/** The request as the preview's sample: its method, path and query, headers and (text) body. */
export function sampleOf(event: WebhookEvent): SampleRequest {
  return {
    method: event.method,
    target: event.path + (event.queryString ? `?${event.queryString}` : ''),
    headers: event.rawHeaders.map(([name, value]) => `${name}: ${value}`).join('\n'),
    body: event.bodyEncoding === 'base64' ? '' : event.body,
  };
}

/** A new rule for requests like `event`, answering what it got. */
export function draftFromEvent(event: WebhookEvent, rules: readonly ResponseRule[]): RuleDraft {
  return {
    ...emptyRuleDraft(),
    method: event.method.toUpperCase(),
    path: event.path,
    responses: [answerDraft(event, rules)],
  };
}
