import { describe, expect, it } from 'vitest';
import * as templates from '../../../../../shared/response-templates';
import type { ResponseRule } from '../../../../../shared/responses';
import { URL_CHECK_PRESETS } from './presets';
import { previewAnswer, type SampleRequest } from './preview';

const presetNamed = (name: string) => {
  const preset = URL_CHECK_PRESETS.find((candidate) => candidate.name === name);
  if (!preset?.sample) throw new Error(`no preset ${name}`);
  return { rule: preset.rule, sample: preset.sample };
};

describe('the URL check presets, previewed with the server’s template code', () => {
  it('Slack url_verification answers the challenge as JSON', () => {
    const { rule, sample } = presetNamed('Slack url_verification');
    expect(previewAnswer(rule, sample, templates)).toEqual({
      kind: 'answer',
      status: 200,
      headers: [['Content-Type', 'application/json']],
      body: '{"challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"}',
    });
  });

  it('Meta / WhatsApp answers hub.challenge as text', () => {
    const { rule, sample } = presetNamed('Meta / WhatsApp hub.challenge');
    expect(previewAnswer(rule, sample, templates)).toMatchObject({
      kind: 'answer',
      status: 200,
      body: '1158201444',
    });
  });

  it('Dropbox answers the challenge as text that is not sniffed', () => {
    const { rule, sample } = presetNamed('Dropbox challenge');
    expect(previewAnswer(rule, sample, templates)).toEqual({
      kind: 'answer',
      status: 200,
      headers: [
        ['Content-Type', 'text/plain'],
        ['X-Content-Type-Options', 'nosniff'],
      ],
      body: 'lgRyEH8V9Ry2m9pX',
    });
  });
});

describe('previewAnswer', () => {
  const rule = (responses: ResponseRule['responses'], path = '*'): ResponseRule => ({
    method: 'POST',
    path,
    responses,
    then: 'repeat-last',
  });
  const sample: SampleRequest = {
    method: 'post',
    target: 'orders?code=201',
    headers: 'X-Token: abc\nnot a header',
    body: '{"id":7}',
  };

  it('reads the sample’s path, query, headers and body', () => {
    const answer = {
      status: '{{query.code}}',
      headers: { 'X-Token': '{{header.x-token}}' },
      body: '{{path}} {{body.id}}',
      delayMs: 0,
    };
    expect(previewAnswer(rule([answer]), sample, templates)).toEqual({
      kind: 'answer',
      status: 201,
      headers: [['X-Token', 'abc']],
      body: '/orders 7',
    });
  });

  it('says when the rule does not match the sample', () => {
    expect(
      previewAnswer(
        rule([{ status: 200, headers: {}, body: '', delayMs: 0 }], '/github/*'),
        sample,
        templates,
      ),
    ).toEqual({
      kind: 'no-match',
    });
  });

  it('shows a fault, and the 500 a failing template gives', () => {
    expect(previewAnswer(rule([{ fault: 'timeout', delayMs: 0 }]), sample, templates)).toEqual({
      kind: 'fault',
      fault: 'timeout',
    });
    const bad = { status: '{{query.none}}', headers: {}, body: '', delayMs: 0 };
    expect(previewAnswer(rule([bad]), sample, templates)).toEqual({
      kind: 'error',
      error: 'The status template gave "", not a number from 100 to 599.',
    });
  });
});

describe('the preview of conditions and streams', () => {
  const sample: SampleRequest = {
    method: 'POST',
    target: '/github?name=Ada',
    headers: 'X-GitHub-Event: push',
    body: '{"ref":"refs/tags/v1"}',
  };

  it('answers only a sample that meets every condition', () => {
    const rule: ResponseRule = {
      method: '*',
      path: '*',
      then: 'repeat-last',
      conditions: [
        { field: 'header.x-github-event', op: 'equals', value: 'push' },
        { field: 'body.ref', op: 'matches', value: '^refs/tags/' },
      ],
      responses: [{ status: 202, headers: {}, body: 'tag pushed', delayMs: 0 }],
    };
    expect(previewAnswer(rule, sample, templates)).toEqual({
      kind: 'answer',
      status: 202,
      headers: [],
      body: 'tag pushed',
    });
    expect(previewAnswer(rule, { ...sample, body: '{"ref":"refs/heads/main"}' }, templates)).toEqual({
      kind: 'no-match',
    });
    expect(previewAnswer(rule, { ...sample, headers: '' }, templates)).toEqual({ kind: 'no-match' });
  });

  it('shows a streamed answer as the sender reads it, templates filled in', () => {
    const rule: ResponseRule = {
      method: '*',
      path: '*',
      then: 'repeat-last',
      responses: [
        {
          status: 200,
          headers: {},
          body: '',
          delayMs: 0,
          stream: {
            kind: 'sse',
            events: [
              { data: 'hello {{query.name}}', event: 'greeting', delayMs: 500 },
              { data: 'done', delayMs: 500 },
            ],
          },
        },
      ],
    };
    expect(previewAnswer(rule, sample, templates)).toMatchObject({
      kind: 'answer',
      body: 'event: greeting\ndata: hello Ada\n\ndata: done\n\n',
    });
  });
});
