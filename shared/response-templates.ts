/**
 * Answers built from the request: a scripted response's status, header values and body may hold
 * `{{ … }}` expressions over the captured request, evaluated by LiquidJS. Only output expressions
 * and their filters are allowed (every tag is unregistered, so nothing is included, looped or
 * assigned); the scope holds the request and nothing else, and only its own properties are read,
 * so `{{ body.constructor }}` is empty. Templates are parsed once (when rules are saved or cached)
 * and evaluated per capture within a time and memory budget. Shared so that the rule editor's
 * preview answers exactly what the server will.
 */
import { Liquid, type FS, type Template } from 'liquidjs';
import { fieldName, hasTemplate, isValidHeaderValue, utf8Length } from './rule-fields.js';
import {
  isFault,
  type AnswerResponse,
  type FaultResponse,
  type ResponseRule,
  type ScriptedResponse,
} from './responses.js';
import { streamTexts } from './response-streams.js';
import { requestScope, type ScopeNode, type TemplateRequest, type TemplateTools } from './template-scope.js';

/** An answer ready to send. */
export interface RenderedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The largest body a template may produce; more is answered with an error instead. */
export const MAX_RENDERED_BODY_BYTES = 1024 * 1024;
const MAX_RENDERED_HEADER_BYTES = 8 * 1024;
const RENDER_LIMIT_MS = 100;
/** LiquidJS's unit: characters and array items that filters may allocate in one evaluation. */
const MEMORY_LIMIT = 16 * 1024 * 1024;

/** Templates never read files: includes, renders and layouts are gone, and this refuses anyway. */
const NO_FILES: FS = {
  exists: () => Promise.resolve(false),
  existsSync: () => false,
  readFile: () => Promise.reject(new Error('Templates cannot read files.')),
  readFileSync: () => {
    throw new Error('Templates cannot read files.');
  },
  resolve: (_dir, file) => file,
  contains: () => Promise.resolve(false),
  containsSync: () => false,
};

const engine = new Liquid({
  fs: NO_FILES,
  relativeReference: false,
  ownPropertyOnly: true,
  strictFilters: true,
  strictVariables: false,
  renderLimit: RENDER_LIMIT_MS,
  memoryLimit: MEMORY_LIMIT,
});
for (const name of Object.keys(engine.tags)) delete engine.tags[name];

type Part = string | Template[];

/** A response's answer with its templates parsed; `templates` is null when it has none. */
export interface PreparedAnswer {
  answer: AnswerResponse;
  templates: { status: Part; headers: [string, Part][]; body: Part } | { error: string } | null;
}

export type PreparedResponse = FaultResponse | PreparedAnswer;

function readableParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/^tag ".*" not found/.test(message)) {
    return `Only {{ … }} expressions can be used, no {% … %} tags (${message}).`;
  }
  return `This template cannot be read: ${message}.`;
}

function parsePart(text: string): Part {
  return hasTemplate(text) ? engine.parse(text) : text;
}

/** Parses the answer's templates once; one that cannot be read makes the answer an error. */
export function prepareAnswer(answer: AnswerResponse): PreparedAnswer {
  const { status, headers, body } = answer;
  const isTemplated =
    typeof status === 'string' || hasTemplate(body) || Object.values(headers).some(hasTemplate);
  if (!isTemplated) return { answer, templates: null };
  try {
    return {
      answer,
      templates: {
        status: typeof status === 'string' ? engine.parse(status) : String(status),
        headers: Object.entries(headers).map(([name, value]) => [name, parsePart(value)]),
        body: parsePart(body),
      },
    };
  } catch (error) {
    return { answer, templates: { error: readableParseError(error) } };
  }
}

export function prepareResponse(response: ScriptedResponse): PreparedResponse {
  return isFault(response) ? response : prepareAnswer(response);
}

/**
 * The first template in the rules that cannot be read, as "rules[0].responses[1].body: …", or
 * null when all can. Saving rules refuses such a template.
 */
export function templateProblem(rules: readonly ResponseRule[]): string | null {
  for (const [ruleIndex, rule] of rules.entries()) {
    for (const [path, text] of templatedFields(rule)) {
      if (!hasTemplate(text)) continue;
      try {
        engine.parse(text);
      } catch (error) {
        return `${fieldName(['rules', ruleIndex, ...path])}: ${readableParseError(error)}`;
      }
    }
  }
  return null;
}

type Field = [PropertyKey[], string];

/** Every text of a rule that may hold a template, with its place in the rule. */
function templatedFields(rule: ResponseRule): Field[] {
  const fields: Field[] = [];
  const headerFields = (headers: Record<string, string>, at: PropertyKey[]) =>
    Object.entries(headers).map(([name, value]): Field => [[...at, 'headers', name], value]);
  for (const [index, response] of rule.responses.entries()) {
    if (isFault(response)) continue;
    const at = ['responses', index];
    fields.push(
      [[...at, 'status'], typeof response.status === 'string' ? response.status : ''],
      ...headerFields(response.headers, at),
      [[...at, 'body'], response.body],
      ...(response.stream
        ? streamTexts(response.stream).map(([path, text]): Field => [[...at, 'stream', ...path], text])
        : []),
    );
  }
  const { callback } = rule;
  if (callback) {
    fields.push([['callback', 'url'], callback.url], ...headerFields(callback.headers, ['callback']), [
      ['callback', 'body'],
      callback.body,
    ]);
  }
  return fields;
}

function renderPart(part: Part, scope: ScopeNode): string {
  return typeof part === 'string' ? part : String(engine.renderSync(part, scope));
}

const TOO_LARGE = Symbol('too large');

/**
 * The body, rendered one expression at a time and counted as it grows: past `maxBytes` it stops
 * there, so a template repeating a large request (a hundred `{{body}}` of a 2 MiB request) is
 * never built whole. Tags are switched off, so a body is text and `{{ … }}` expressions only.
 */
function renderBody(part: Part, scope: ScopeNode, maxBytes: number): string | typeof TOO_LARGE {
  if (typeof part === 'string') return part;
  const pieces: string[] = [];
  let bytes = 0;
  for (const template of part) {
    const piece = String(engine.renderSync([template], scope));
    // A string's length never exceeds its UTF-8 bytes, so the exact count is needed only near the cap.
    bytes += piece.length > maxBytes ? piece.length : utf8Length(piece);
    if (bytes > maxBytes) return TOO_LARGE;
    pieces.push(piece);
  }
  return pieces.join('');
}

/**
 * The answer for this request: the response as written when it has no templates, else its
 * templates evaluated. `{error}` says why no answer could be made (a template that cannot be
 * read or fails, a status outside 100-599, a header value headers cannot carry, a body too large).
 */
export function renderAnswer(
  prepared: PreparedAnswer,
  request: TemplateRequest,
  tools: TemplateTools,
): RenderedAnswer | { error: string } {
  const { answer, templates } = prepared;
  // A status is text only when it is a template, and then templates is not null.
  if (templates === null) {
    return { status: answer.status as number, headers: answer.headers, body: answer.body };
  }
  if ('error' in templates) return templates;
  const scope = requestScope(request, tools);
  let status: string;
  const headers: Record<string, string> = {};
  let body: string | typeof TOO_LARGE;
  try {
    status = renderPart(templates.status, scope).trim();
    for (const [name, part] of templates.headers) headers[name] = renderPart(part, scope);
    body = renderBody(templates.body, scope, MAX_RENDERED_BODY_BYTES);
  } catch (error) {
    return {
      error: `The response template failed: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
  const code = /^\d{3}$/.test(status) ? Number(status) : Number.NaN;
  if (!(code >= 100 && code <= 599)) {
    return { error: `The status template gave "${status.slice(0, 40)}", not a number from 100 to 599.` };
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!isValidHeaderValue(value) || value.length > MAX_RENDERED_HEADER_BYTES) {
      return { error: `The template of the ${name} header gave a value a header cannot carry.` };
    }
  }
  if (body === TOO_LARGE || utf8Length(body) > MAX_RENDERED_BODY_BYTES) {
    return {
      error: `The body made from the request is larger than ${MAX_RENDERED_BODY_BYTES / 1024 / 1024} MiB.`,
    };
  }
  return { status: code, headers, body };
}

/**
 * Each text evaluated as a template over the request (text without one is kept as it is), as a
 * streamed answer's events and chunks are; `{error}` when one cannot be read or fails.
 */
export function renderTexts(
  texts: readonly string[],
  request: TemplateRequest,
  tools: TemplateTools,
): string[] | { error: string } {
  if (!texts.some(hasTemplate)) return [...texts];
  const scope = requestScope(request, tools);
  try {
    return texts.map((text) => renderPart(parsePart(text), scope));
  } catch (error) {
    return {
      error: `The response template failed: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
}
