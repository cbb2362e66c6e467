import { describe, expect, it } from 'vitest';
import {
  MAX_RENDERED_BODY_BYTES,
  prepareAnswer,
  renderAnswer,
  templateProblem,
} from './response-templates.js';
import type { TemplateRequest } from './template-scope.js';
import type { AnswerResponse, ResponseRule } from './responses.js';

const tools = {
  uuid: () => '6f1c0d2e-0000-4000-8000-000000000001',
  now: () => new Date(Date.UTC(2026, 0, 31, 9, 30)),
};

const request: TemplateRequest = {
  method: 'POST',
  path: '/slack/events',
  queryString: 'hub.mode=subscribe&hub.challenge=1158201444&tag=a&tag=b&text=two+words%21',
  rawHeaders: [
    ['Content-Type', 'application/json'],
    ['X-Token', 'first'],
    ['x-token', 'second'],
  ],
  bodyText:
    '{"type":"url_verification","challenge":"3eZbrw1a","items":[{"id":7},"x"],"nested":{"deep":true}}',
};

function answer(overrides: Partial<AnswerResponse>): AnswerResponse {
  return { status: 200, headers: {}, body: '', delayMs: 0, ...overrides };
}

function render(overrides: Partial<AnswerResponse>, on: TemplateRequest = request) {
  return renderAnswer(prepareAnswer(answer(overrides)), on, tools);
}

const bodyOf = (template: string, on?: TemplateRequest) => {
  const result = render({ body: template }, on);
  if ('error' in result) throw new Error(result.error);
  return result.body;
};

describe('answers built from the request', () => {
  it('reads the method, path, query, headers and body', () => {
    expect(bodyOf('{{method}} {{ path }}')).toBe('POST /slack/events');
    expect(bodyOf('{{query.tag}} {{query.text}}')).toBe('a two words!');
    expect(bodyOf('{{header.x-token}}|{{header.CONTENT-TYPE}}|{{ header["X-TOKEN"] }}')).toBe(
      'first, second|application/json|first, second',
    );
    expect(bodyOf('{{body.challenge}} {{body.items[0].id}} {{body.items[1]}} {{body.nested.deep}}')).toBe(
      '3eZbrw1a 7 x true',
    );
    expect(bodyOf('{{body}}')).toBe(request.bodyText);
    expect(bodyOf('{{uuid}} {{now}}')).toBe('6f1c0d2e-0000-4000-8000-000000000001 2026-01-31T09:30:00.000Z');
  });

  it('reads a query name with dots whole or as a path', () => {
    expect(bodyOf('{{query["hub.challenge"]}} {{query.hub.challenge}} {{query.hub.mode}}')).toBe(
      '1158201444 1158201444 subscribe',
    );
  });

  it('prints objects inside a JSON body as JSON, and filters work', () => {
    expect(bodyOf('{{body.nested}}')).toBe('{"deep":true}');
    expect(
      bodyOf('{{ body.items | size }} {{ body.challenge | upcase }} {{ query.tag | append: "!" }}'),
    ).toBe('2 3EZBRW1A a!');
  });

  it('gives nothing for what is missing', () => {
    expect(bodyOf('[{{query.none}}][{{header.none}}][{{body.none.deeper}}][{{nothing}}]')).toBe('[][][][]');
    const plain = { ...request, bodyText: 'not json', queryString: '' };
    expect(bodyOf('[{{body.challenge}}][{{body}}][{{query.hub.challenge}}]', plain)).toBe('[][not json][]');
  });

  it('reaches nothing but the request: no prototype walk', () => {
    for (const template of [
      '{{body.constructor}}',
      '{{body.nested.constructor}}',
      '{{body.items.constructor}}',
      '{{body.__proto__}}',
      '{{header.constructor}}',
      '{{query.constructor}}',
      '{{query.hub.constructor}}',
      '{{constructor}}',
      '{{method.constructor}}',
      '{{ body.nested.__proto__.constructor }}',
    ]) {
      expect(bodyOf(template), template).toBe('');
    }
  });

  it('makes the status and header values from the request', () => {
    const on = { ...request, queryString: 'code=202' };
    expect(
      render(
        { status: '{{query.code}}', headers: { 'X-Echo': '{{header.x-token}}', 'X-Plain': 'as is' } },
        on,
      ),
    ).toEqual({ status: 202, headers: { 'X-Echo': 'first, second', 'X-Plain': 'as is' }, body: '' });
  });

  it('says why when the status is not 100-599, a header cannot carry the value, or the body is too large', () => {
    expect(render({ status: '{{query.none}}' })).toEqual({
      error: 'The status template gave "", not a number from 100 to 599.',
    });
    expect(render({ status: '{{ body.challenge }}' })).toMatchObject({
      error: expect.stringContaining('3eZbrw1a'),
    });
    const crlf = { ...request, queryString: 'v=a%0D%0ASet-Cookie:%20x' };
    expect(render({ headers: { 'X-V': '{{query.v}}' } }, crlf)).toEqual({
      error: 'The template of the X-V header gave a value a header cannot carry.',
    });
    const big = { ...request, bodyText: 'x'.repeat(MAX_RENDERED_BODY_BYTES + 1) };
    expect(render({ body: '{{body}}' }, big)).toEqual({
      error: 'The body made from the request is larger than 1 MiB.',
    });
  });

  it('stops building a body at the cap: a hundred {{body}} of a 2 MiB request is never built whole', () => {
    const large = { ...request, bodyText: 'b'.repeat(2 * 1024 * 1024) };
    let isEndReached = false;
    const counting = { ...tools, uuid: () => ((isEndReached = true), tools.uuid()) };
    const prepared = prepareAnswer(answer({ body: `${'{{body}}'.repeat(100)}{{uuid}}` }));
    expect(renderAnswer(prepared, large, counting)).toEqual({
      error: 'The body made from the request is larger than 1 MiB.',
    });
    // The expression after the hundred copies was never evaluated: rendering stopped at the cap.
    expect(isEndReached).toBe(false);
    // Below the cap the same template still answers in full.
    const small = { ...request, bodyText: 'ab' };
    expect(renderAnswer(prepared, small, tools)).toEqual({
      status: 200,
      headers: {},
      body: `${'ab'.repeat(100)}${tools.uuid()}`,
    });
  });

  it('stops a template that would use too much memory', () => {
    expect(render({ body: '{{ (1..100000000) | join: "," }}' })).toMatchObject({
      error: expect.stringContaining('memory alloc limit exceeded'),
    });
  });

  it('sends a response without templates as written', () => {
    const plain = answer({ status: 201, headers: { 'X-A': 'b' }, body: 'hello }} {' });
    const prepared = prepareAnswer(plain);
    expect(prepared.templates).toBeNull();
    expect(renderAnswer(prepared, request, tools)).toEqual({
      status: 201,
      headers: { 'X-A': 'b' },
      body: 'hello }} {',
    });
  });
});

describe('templateProblem', () => {
  const ruleWith = (response: Partial<AnswerResponse>): ResponseRule => ({
    method: '*',
    path: '*',
    then: 'repeat-last',
    responses: [{ fault: 'reset', delayMs: 0 }, answer(response)],
  });

  it('refuses tags, so no template includes, renders or lays out a file', () => {
    for (const tag of [
      '{% include "/etc/passwd" %}',
      '{% render "x" %}',
      '{% layout "x" %}',
      '{% if true %}x{% endif %}',
    ]) {
      expect(templateProblem([ruleWith({ body: tag })])).toMatch(
        /^rules\[0\]\.responses\[1\]\.body: Only \{\{ … \}\} expressions can be used, no \{% … %\} tags/,
      );
    }
  });

  it('names the field of a template that cannot be read', () => {
    expect(templateProblem([ruleWith({ headers: { 'X-A': '{{ body | no_such_filter }}' } })])).toBe(
      'rules[0].responses[1].headers.X-A: This template cannot be read: undefined filter: no_such_filter, line:1, col:1.',
    );
    expect(templateProblem([ruleWith({ status: '{{ query.code' })])).toMatch(
      /^rules\[0\]\.responses\[1\]\.status: /,
    );
  });

  it('accepts templates that can be read', () => {
    expect(
      templateProblem([ruleWith({ status: '{{query.code}}', body: '{"challenge": "{{body.challenge}}"}' })]),
    ).toBeNull();
  });
});
