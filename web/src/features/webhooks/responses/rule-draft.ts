/**
 * The rule editor's form values (text, as typed) and their conversion to and from a rule. The
 * rule is checked with the same schema the server uses, so the editor and the server agree.
 */
import { fieldName, hasTemplate } from '../../../../../shared/rule-fields';
import {
  isFault,
  responseRuleSchema,
  type ResponseFault,
  type ResponseRule,
  type RuleThen,
} from '../../../../../shared/responses';
import type { ConditionOp } from '../../../../../shared/response-conditions';
import { responseMessages } from './messages';

export interface ResponseDraft {
  /** '' for an answer, or the fault sent instead of one (then only the delay counts). */
  fault: '' | ResponseFault;
  /** A number, or a template such as {{query.status}}. */
  status: string;
  delayMs: string;
  /** One header per line, as "Name: value". */
  headers: string;
  body: string;
  /** The stream sent instead of the body, as JSON text; '' for none. */
  stream: string;
}

/** One condition as typed; the value is left out of the rule for `exists`. */
export interface ConditionDraft {
  field: string;
  op: ConditionOp;
  value: string;
}

/** The rule's callback as typed; `isOn` false leaves it out of the rule. */
export interface CallbackDraft {
  isOn: boolean;
  method: string;
  url: string;
  /** One header per line, as "Name: value". */
  headers: string;
  body: string;
  delayMs: string;
  /** '' for an unsigned callback. */
  secret: string;
}

export interface RuleDraft {
  method: string;
  path: string;
  then: RuleThen;
  /** Percent of matching requests the rule answers; '' for all. */
  chance: string;
  /** '' for a new draw each time. */
  seed: string;
  conditions: ConditionDraft[];
  /** The sender may pick the status or the response. */
  allowPick: boolean;
  responses: ResponseDraft[];
  callback: CallbackDraft;
}

export function emptyCallbackDraft(): CallbackDraft {
  return {
    isOn: false,
    method: 'POST',
    url: '{{body.callback_url}}',
    headers: '',
    body: '',
    delayMs: '0',
    secret: '',
  };
}

export function emptyResponseDraft(): ResponseDraft {
  return { fault: '', status: '200', delayMs: '0', headers: '', body: '', stream: '' };
}

export function emptyConditionDraft(): ConditionDraft {
  return { field: 'header.', op: 'equals', value: '' };
}

export function emptyRuleDraft(): RuleDraft {
  return {
    method: '*',
    path: '*',
    then: 'repeat-last',
    chance: '',
    seed: '',
    conditions: [],
    allowPick: false,
    responses: [emptyResponseDraft()],
    callback: emptyCallbackDraft(),
  };
}

export function toDraft(rule: ResponseRule): RuleDraft {
  return {
    method: rule.method,
    path: rule.path,
    then: rule.then,
    chance: rule.chance === undefined ? '' : String(rule.chance),
    seed: rule.seed === undefined ? '' : String(rule.seed),
    conditions: (rule.conditions ?? []).map(({ field, op, value }) => ({ field, op, value: value ?? '' })),
    allowPick: rule.allowPick === true,
    callback: rule.callback
      ? {
          isOn: true,
          method: rule.callback.method,
          url: rule.callback.url,
          headers: headerText(rule.callback.headers),
          body: rule.callback.body,
          delayMs: String(rule.callback.delayMs),
          secret: rule.callback.secret ?? '',
        }
      : emptyCallbackDraft(),
    responses: rule.responses.map((response) =>
      isFault(response)
        ? { ...emptyResponseDraft(), fault: response.fault, delayMs: String(response.delayMs) }
        : {
            fault: '',
            status: String(response.status),
            delayMs: String(response.delayMs),
            headers: headerText(response.headers),
            body: response.body,
            stream: response.stream ? JSON.stringify(response.stream, null, 2) : '',
          },
    ),
  };
}

function headerText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** The callback for the rule, or `{badLine}` when a header line has no colon. */
function callbackOf(draft: CallbackDraft): { callback?: object } | { badLine: number } {
  if (!draft.isOn) return {};
  const parsed = parseHeaderLines(draft.headers);
  if ('badLine' in parsed) return parsed;
  return {
    callback: {
      method: draft.method,
      url: draft.url.trim(),
      headers: parsed.headers,
      body: draft.body,
      delayMs: numberOf(draft.delayMs),
      ...(draft.secret.trim() === '' ? {} : { secret: draft.secret.trim() }),
    },
  };
}

/** Header lines to an object; a line without a colon is reported by its number (from 1). */
export function parseHeaderLines(text: string): { headers: Record<string, string> } | { badLine: number } {
  const headers: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { badLine: index + 1 };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { headers };
}

function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** `{[name]: number}` for a filled-in field, nothing for an empty one (the rule then has no such key). */
function optionalNumber(name: 'chance' | 'seed', text: string): Partial<Record<'chance' | 'seed', number>> {
  return text.trim() === '' ? {} : { [name]: Number(text) };
}

const INVALID_JSON = Symbol('invalid JSON');

/** The stream typed as JSON: undefined when empty, INVALID_JSON when it cannot be read. */
function streamOf(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
  }
}

function conditionOf({ field, op, value }: ConditionDraft) {
  return op === 'exists' ? { field: field.trim(), op } : { field: field.trim(), op, value };
}

/** The rule the form describes, or the first problem in words (naming the field, as the server does). */
export function fromDraft(draft: RuleDraft): { rule: ResponseRule } | { error: string } {
  const responses = [];
  for (const [index, response] of draft.responses.entries()) {
    if (response.fault) {
      responses.push({ fault: response.fault, delayMs: numberOf(response.delayMs) });
      continue;
    }
    const parsed = parseHeaderLines(response.headers);
    if ('badLine' in parsed) {
      return {
        error: `responses[${index}].headers: ${responseMessages.editor.headerLineProblem(parsed.badLine)}`,
      };
    }
    const stream = streamOf(response.stream);
    if (stream === INVALID_JSON) {
      return { error: `responses[${index}].stream: ${responseMessages.editor.streamNotJson}` };
    }
    responses.push({
      status: hasTemplate(response.status) ? response.status.trim() : numberOf(response.status),
      delayMs: numberOf(response.delayMs),
      headers: parsed.headers,
      body: response.body,
      ...(stream === undefined ? {} : { stream }),
    });
  }
  const { chance, seed, conditions, allowPick, callback: callbackDraft, ...rest } = draft;
  const callback = callbackOf(callbackDraft);
  if ('badLine' in callback) {
    return { error: `callback.headers: ${responseMessages.editor.headerLineProblem(callback.badLine)}` };
  }
  const result = responseRuleSchema.safeParse({
    ...rest,
    path: draft.path.trim(),
    ...optionalNumber('chance', chance),
    ...optionalNumber('seed', seed),
    ...(conditions.length > 0 ? { conditions: conditions.map(conditionOf) } : {}),
    ...(allowPick ? { allowPick } : {}),
    ...callback,
    responses,
  });
  if (result.success) return { rule: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${fieldName(issue.path)}: ` : '';
  return { error: `${field}${issue?.message ?? 'Invalid rule.'}` };
}
