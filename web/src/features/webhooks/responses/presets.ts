/** Ready-made rules for what people test most: failures, retries, slowness, rate limits, gone endpoints. */
import type { ResponseRule } from '../../../../../shared/responses';

const JSON_TYPE = { 'Content-Type': 'application/json' };

function rule(responses: ResponseRule['responses']): ResponseRule {
  return { method: '*', path: '*', responses, then: 'repeat-last' };
}

export const RESPONSE_PRESETS: { name: string; rule: ResponseRule }[] = [
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
];
