/** The scripted responses calls, returning the shared types. */
import type { ResponseRule, ResponseRuleInput, ResponseRules } from '../../../../../shared/responses';
import { http } from '../../../lib/http';

export const RESPONSES_PATH = '/api/responses';

export async function getResponseRules(): Promise<ResponseRule[]> {
  return (await http.get<ResponseRules>(RESPONSES_PATH)).rules;
}

/** Replaces every rule; resolves with the rules as stored (defaults filled in). */
export async function saveResponseRules(rules: ResponseRuleInput[]): Promise<ResponseRule[]> {
  return (await http.put<ResponseRules>(RESPONSES_PATH, { rules })).rules;
}
