import { describe, expect, it } from 'vitest';
import { makeEvent } from '../test-events';
import { draftFromEvent, toReplayBody } from './replay-draft';

describe('toReplayBody', () => {
  const event = makeEvent(3, {
    method: 'post',
    rawHeaders: [
      ['Host', 'a.example'],
      ['Proxy-Connection', 'keep-alive'],
      ['X-A', '1'],
    ],
    body: 'AP8=',
    bodyEncoding: 'base64',
  });

  it('sends only the URL, trimmed, when nothing else changed', () => {
    expect(toReplayBody(draftFromEvent(event, ' https://t.example/x '), event)).toEqual({
      url: 'https://t.example/x',
    });
  });

  it('sends an edited binary body as base64, as the form shows it', () => {
    const draft = { ...draftFromEvent(event, 'https://t.example'), body: 'AQI=' };
    expect(toReplayBody(draft, event)).toEqual({
      url: 'https://t.example',
      body: 'AQI=',
      bodyEncoding: 'base64',
    });
  });

  it('leaves out header rows without a name', () => {
    const draft = draftFromEvent(event, 'https://t.example');
    expect(toReplayBody({ ...draft, headers: [...draft.headers, ['', 'x']] }, event)).toEqual({
      url: 'https://t.example',
    });
    expect(toReplayBody({ ...draft, headers: [[' X-B ', '2']] }, event).headers).toEqual([['X-B', '2']]);
  });

  it('uppercases the method and sends it only when it differs', () => {
    const draft = draftFromEvent(event, 'https://t.example');
    expect(draft.method).toBe('POST');
    expect(toReplayBody({ ...draft, method: 'post' }, event).method).toBeUndefined();
    expect(toReplayBody({ ...draft, method: 'patch' }, event).method).toBe('PATCH');
  });
});
