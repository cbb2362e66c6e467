/**
 * The rule editor's form values (text, as typed) and their conversion to and from a rule. The
 * rule is checked with the same schema the server uses, so the editor and the server agree.
 */
import {
  fieldName,
  responseRuleSchema,
  type ResponseRule,
  type RuleThen,
} from '../../../../../shared/responses';
import { responseMessages } from './messages';

export interface ResponseDraft {
  status: string;
  delayMs: string;
  /** One header per line, as "Name: value". */
  headers: string;
  body: string;
}

export interface RuleDraft {
  method: string;
  path: string;
  then: RuleThen;
  responses: ResponseDraft[];
}

export function emptyResponseDraft(): ResponseDraft {
  return { status: '200', delayMs: '0', headers: '', body: '' };
}

export function emptyRuleDraft(): RuleDraft {
  return { method: '*', path: '*', then: 'repeat-last', responses: [emptyResponseDraft()] };
}

export function toDraft(rule: ResponseRule): RuleDraft {
  return {
    method: rule.method,
    path: rule.path,
    then: rule.then,
    responses: rule.responses.map((response) => ({
      status: String(response.status),
      delayMs: String(response.delayMs),
      headers: Object.entries(response.headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n'),
      body: response.body,
    })),
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

/** The rule the form describes, or the first problem in words (naming the field, as the server does). */
export function fromDraft(draft: RuleDraft): { rule: ResponseRule } | { error: string } {
  const responses = [];
  for (const [index, response] of draft.responses.entries()) {
    const parsed = parseHeaderLines(response.headers);
    if ('badLine' in parsed) {
      return {
        error: `responses[${index}].headers: ${responseMessages.editor.headerLineProblem(parsed.badLine)}`,
      };
    }
    responses.push({
      status: numberOf(response.status),
      delayMs: numberOf(response.delayMs),
      headers: parsed.headers,
      body: response.body,
    });
  }
  const result = responseRuleSchema.safeParse({ ...draft, path: draft.path.trim(), responses });
  if (result.success) return { rule: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${fieldName(issue.path)}: ` : '';
  return { error: `${field}${issue?.message ?? 'Invalid rule.'}` };
}
