/**
 * The rule editor's preview: what the rule would answer a sample request, evaluated by the very
 * template code the server runs (shared/response-templates.ts, loaded when the editor opens).
 */
import type * as Templates from '../../../../../shared/response-templates';
import { sseEventText, streamTexts } from '../../../../../shared/response-streams';
import { isFault, type ResponseFault, type ResponseRule } from '../../../../../shared/responses';
import { compileRule, firstMatchingRule } from '../../../../../shared/rule-matching';

export type TemplatesModule = typeof Templates;

/** A request as typed into the preview form. */
export interface SampleRequest {
  method: string;
  /** The path below the webhook URL with its query: "/slack/events?x=1". */
  target: string;
  /** One header per line, as "Name: value". */
  headers: string;
  body: string;
}

export const EMPTY_SAMPLE: SampleRequest = { method: 'POST', target: '/', headers: '', body: '' };

export type PreviewResult =
  | { kind: 'no-match' }
  | { kind: 'fault'; fault: ResponseFault }
  | { kind: 'answer'; status: number; headers: [string, string][]; body: string }
  | { kind: 'error'; error: string };

/** Header lines as pairs; lines without a name and a colon are left out. */
function headerPairs(text: string): [string, string][] {
  return text
    .split(/\r?\n/)
    .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()])
    .filter((pair): pair is [string, string] => pair[0] !== '');
}

/** Splits "/path?query" (a missing leading "/" is added, as the capture URL always has one). */
function splitTarget(target: string): { path: string; queryString: string } {
  const trimmed = target.trim();
  const queryAt = trimmed.indexOf('?');
  const path = queryAt === -1 ? trimmed : trimmed.slice(0, queryAt);
  return {
    path: path.startsWith('/') ? path : `/${path}`,
    queryString: queryAt === -1 ? '' : trimmed.slice(queryAt + 1),
  };
}

/** crypto.randomUUID exists only on secure origins; elsewhere the preview shows a fixed one. */
const PREVIEW_TOOLS = {
  uuid: () =>
    typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : '00000000-0000-4000-8000-000000000000',
  now: () => new Date(),
};

/** What the rule's first response gives the sample request, when the rule matches it. */
export function previewAnswer(
  rule: ResponseRule,
  sample: SampleRequest,
  templates: TemplatesModule,
): PreviewResult {
  const method = sample.method.trim().toUpperCase() || 'GET';
  const { path, queryString } = splitTarget(sample.target);
  const request = {
    method,
    path,
    queryString,
    rawHeaders: headerPairs(sample.headers),
    bodyText: sample.body,
  };
  if (firstMatchingRule([compileRule(rule)], method, path, 0, request) === -1) return { kind: 'no-match' };
  // The schema keeps at least one response.
  const response = rule.responses[0] as ResponseRule['responses'][number];
  if (isFault(response)) return { kind: 'fault', fault: response.fault };
  const rendered = templates.renderAnswer(templates.prepareAnswer(response), request, PREVIEW_TOOLS);
  if ('error' in rendered) return { kind: 'error', error: rendered.error };
  let { body } = rendered;
  if (response.stream) {
    const texts = templates.renderTexts(
      streamTexts(response.stream).map(([, text]) => text),
      request,
      PREVIEW_TOOLS,
    );
    if ('error' in texts) return { kind: 'error', error: texts.error };
    const { stream } = response;
    // The whole stream as the sender reads it, without its pauses.
    body =
      stream.kind === 'sse'
        ? stream.events.map((event, index) => sseEventText({ ...event, data: texts[index] ?? '' })).join('')
        : texts.join('');
  }
  return { kind: 'answer', status: rendered.status, headers: Object.entries(rendered.headers), body };
}
