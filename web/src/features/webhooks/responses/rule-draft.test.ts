import { describe, expect, it } from 'vitest';
import type { ResponseRule } from '../../../../../shared/responses';
import { emptyRuleDraft, fromDraft, parseHeaderLines, toDraft } from './rule-draft';

const rule: ResponseRule = {
  method: 'POST',
  path: '/github/*',
  responses: [
    {
      status: 429,
      headers: { 'Retry-After': '30', 'Content-Type': 'application/json' },
      body: '{"a":1}',
      delayMs: 0,
    },
    { status: 200, headers: {}, body: '', delayMs: 1500 },
  ],
  then: 'cycle',
};

describe('rule drafts', () => {
  it('a rule comes back unchanged through the form', () => {
    expect(toDraft(rule).responses[0]?.headers).toBe('Retry-After: 30\nContent-Type: application/json');
    expect(fromDraft(toDraft(rule))).toEqual({ rule });
  });

  it('conditions, the pick and a stream come back unchanged through the form', () => {
    const streamed: ResponseRule = {
      method: 'GET',
      path: '/events',
      then: 'repeat-last',
      conditions: [
        { field: 'header.Accept', op: 'equals', value: 'text/event-stream' },
        { field: 'body.a[0]', op: 'exists' },
      ],
      allowPick: true,
      responses: [
        {
          status: 200,
          headers: {},
          body: '',
          delayMs: 0,
          stream: { kind: 'sse', events: [{ data: 'hi {{query.name}}', event: 'greeting', delayMs: 100 }] },
        },
      ],
    };
    expect(fromDraft(toDraft(streamed))).toEqual({ rule: streamed });
  });

  it('a stream that is not JSON is refused, naming the response', () => {
    const draft = emptyRuleDraft();
    const response = { ...(draft.responses[0] as (typeof draft.responses)[number]), stream: '{"kind":' };
    expect(fromDraft({ ...draft, responses: [response] })).toEqual({
      error: 'responses[0].stream: Write the stream as JSON, or leave it empty to send the body.',
    });
  });

  it('a new rule answers 200 to every request', () => {
    expect(fromDraft(emptyRuleDraft())).toEqual({
      rule: {
        method: '*',
        path: '*',
        responses: [{ status: 200, headers: {}, body: '', delayMs: 0 }],
        then: 'repeat-last',
      },
    });
  });

  it('reads header lines, skipping blank ones and keeping colons in values', () => {
    expect(parseHeaderLines('Location: https://example.com:8443/x\n\n  X-A :  1 ')).toEqual({
      headers: { Location: 'https://example.com:8443/x', 'X-A': '1' },
    });
    expect(parseHeaderLines('X-A: 1\nno colon here')).toEqual({ badLine: 2 });
  });

  it('names the field of the first problem, as the server does', () => {
    const draft = toDraft(rule);
    const badStatus = {
      ...draft,
      responses: [draft.responses[0]!, { ...draft.responses[1]!, status: '700' }],
    };
    expect(fromDraft(badStatus)).toEqual({
      error:
        'responses[1].status: The status must be a number from 100 to 599, or a template such as {{query.status}}.',
    });
    const emptyStatus = { ...draft, responses: [{ ...draft.responses[0]!, status: '' }] };
    expect(fromDraft(emptyStatus)).toEqual({
      error:
        'responses[0].status: The status must be a number from 100 to 599, or a template such as {{query.status}}.',
    });
    const badHeader = { ...draft, responses: [{ ...draft.responses[0]!, headers: 'Connection: close' }] };
    expect(fromDraft(badHeader)).toEqual({
      error: 'responses[0].headers.Connection: Connection is a hop-by-hop header and cannot be set.',
    });
    const badLine = { ...draft, responses: [{ ...draft.responses[0]!, headers: 'oops' }] };
    expect(fromDraft(badLine)).toEqual({
      error: 'responses[0].headers: Headers, line 1: write it as Name: value.',
    });
    expect(fromDraft({ ...draft, path: 'github' })).toEqual({
      error: 'path: The path must start with / or *, with no spaces, ? or #, for example /github/*.',
    });
  });

  it('a fault, a status template, a chance and a seed come back unchanged through the form', () => {
    const flaky: ResponseRule = {
      method: '*',
      path: '*',
      then: 'cycle',
      chance: 12.5,
      seed: 9,
      responses: [
        { fault: 'close', delayMs: 200 },
        { status: '{{ query.status }}', headers: { 'X-Id': '{{uuid}}' }, body: '{{body}}', delayMs: 0 },
      ],
    };
    expect(toDraft(flaky).responses[0]).toMatchObject({ fault: 'close', delayMs: '200' });
    expect(fromDraft(toDraft(flaky))).toEqual({ rule: flaky });
  });

  it('an empty chance leaves the rule answering every request', () => {
    const draft = { ...emptyRuleDraft(), chance: ' ', seed: '' };
    const result = fromDraft(draft);
    expect('rule' in result && 'chance' in result.rule).toBe(false);
  });
});
