/**
 * Ready-made rules for what people test most (failures, retries, slowness, rate limits, gone
 * endpoints) and for the URL checks providers make before they send anything. A URL check comes
 * with the request the provider sends, which the rule editor's preview starts from.
 */
import type { ResponseRule } from '../../../../../shared/responses';
import type { SampleRequest } from './preview';

const JSON_TYPE = { 'Content-Type': 'application/json' };

export interface ResponsePreset {
  name: string;
  rule: ResponseRule;
  /** The request this rule is made for, for the preview. */
  sample?: SampleRequest;
}

function rule(responses: ResponseRule['responses'], method = '*'): ResponseRule {
  return { method, path: '*', responses, then: 'repeat-last' };
}

export const RESPONSE_PRESETS: ResponsePreset[] = [
  {
    name: 'Always 500',
    rule: rule([{ status: 500, headers: JSON_TYPE, body: '{"error":"Internal Server Error"}', delayMs: 0 }]),
  },
  {
    name: 'Fail twice, then succeed',
    rule: rule([
      { status: 500, headers: JSON_TYPE, body: '{"error":"Internal Server Error"}', delayMs: 0 },
      { status: 500, headers: JSON_TYPE, body: '{"error":"Internal Server Error"}', delayMs: 0 },
      { status: 200, headers: JSON_TYPE, body: '{"ok":true}', delayMs: 0 },
    ]),
  },
  {
    name: 'Slow answer (5 s)',
    rule: rule([{ status: 200, headers: JSON_TYPE, body: '{"ok":true}', delayMs: 5000 }]),
  },
  {
    name: '429 with Retry-After',
    rule: rule([
      {
        status: 429,
        headers: { ...JSON_TYPE, 'Retry-After': '30' },
        body: '{"error":"Too Many Requests"}',
        delayMs: 0,
      },
    ]),
  },
  {
    name: '410 Gone',
    rule: rule([{ status: 410, headers: JSON_TYPE, body: '{"error":"Gone"}', delayMs: 0 }]),
  },
  {
    name: 'Fail 30 % of the time (seeded)',
    rule: {
      ...rule([{ status: 503, headers: JSON_TYPE, body: '{"error":"Service Unavailable"}', delayMs: 0 }]),
      chance: 30,
      seed: 1,
    },
  },
  {
    name: 'Drop the connection',
    rule: rule([{ fault: 'reset', delayMs: 0 }]),
  },
];

/** Slack's Events API checks a new request URL with a url_verification event. */
export const SLACK_PRESET: ResponsePreset = {
  name: 'Slack url_verification',
  rule: rule(
    [{ status: 200, headers: JSON_TYPE, body: '{"challenge": "{{body.challenge}}"}', delayMs: 0 }],
    'POST',
  ),
  sample: {
    method: 'POST',
    target: '/',
    headers: 'Content-Type: application/json',
    body: '{"token":"Jhj5dZrVaK7ZwHHjRyZWjbDl","challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P","type":"url_verification"}',
  },
};

/** The URL checks of well-known providers, each answering the provider's challenge. */
export const URL_CHECK_PRESETS: ResponsePreset[] = [
  SLACK_PRESET,
  {
    // The query name holds a dot: {{query["hub.challenge"]}} reads it whole ({{query.hub.challenge}} works too).
    name: 'Meta / WhatsApp hub.challenge',
    rule: rule(
      [
        {
          status: 200,
          headers: { 'Content-Type': 'text/plain' },
          body: '{{query["hub.challenge"]}}',
          delayMs: 0,
        },
      ],
      'GET',
    ),
    sample: {
      method: 'GET',
      target: '/?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=my-token',
      headers: '',
      body: '',
    },
  },
  {
    name: 'Dropbox challenge',
    rule: rule(
      [
        {
          status: 200,
          headers: { 'Content-Type': 'text/plain', 'X-Content-Type-Options': 'nosniff' },
          body: '{{query.challenge}}',
          delayMs: 0,
        },
      ],
      'GET',
    ),
    sample: { method: 'GET', target: '/?challenge=lgRyEH8V9Ry2m9pX', headers: '', body: '' },
  },
];
