import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.js';
import { apiBaseOf, sessionIdOf } from './command-line.js';
import { backoffMs } from './forward/inspector.js';
import { forwardedHeaders, targetUrlFor } from './forward/send-event.js';
import { createSseParser } from './sse.js';

describe('hookbay command line', () => {
  it('joins the target path, the event sub-path and the raw query', () => {
    const target = new URL('http://localhost:8080/hooks');
    expect(targetUrlFor(target, '/github', 'x=1')).toBe('http://localhost:8080/hooks/github?x=1');
    expect(targetUrlFor(target, '/', '')).toBe('http://localhost:8080/hooks');
    expect(targetUrlFor(new URL('http://localhost:8080/hooks/'), '/a/b', 'q=%20&q=2')).toBe(
      'http://localhost:8080/hooks/a/b?q=%20&q=2',
    );
    expect(targetUrlFor(new URL('http://localhost:8080'), '/', 'x=1')).toBe('http://localhost:8080/?x=1');
    expect(targetUrlFor(new URL('http://localhost:8080'), '/github', '')).toBe(
      'http://localhost:8080/github',
    );
    expect(targetUrlFor(new URL('https://h.test/in?token=t'), '/gh', 'x=1')).toBe(
      'https://h.test/in/gh?token=t&x=1',
    );
  });

  it('drops hop-by-hop headers and sets Host and Content-Length in place, keeping order and case', () => {
    const headers = forwardedHeaders(
      [
        ['Host', 'hookbay.example'],
        ['X-GitHub-Event', 'push'],
        ['Connection', 'keep-alive, X-Private'],
        ['X-Private', 'secret hop'],
        ['Keep-Alive', 'timeout=5'],
        ['Transfer-Encoding', 'chunked'],
        ['TE', 'trailers'],
        ['Trailer', 'X-Sum'],
        ['Upgrade', 'h2c'],
        ['Proxy-Authorization', 'Basic x'],
        ['proxy-connection', 'keep-alive'],
        ['content-length', '999'],
        ['X-Hub-Signature-256', 'sha256=abc'],
        ['x-hub-signature-256', 'sha256=def'],
      ],
      'localhost:3000',
      12,
    );
    expect(headers).toEqual([
      ['Host', 'localhost:3000'],
      ['X-GitHub-Event', 'push'],
      ['content-length', '12'],
      ['X-Hub-Signature-256', 'sha256=abc'],
      ['x-hub-signature-256', 'sha256=def'],
    ]);
  });

  it('adds Host first and Content-Length last when the event had none', () => {
    expect(forwardedHeaders([['A', '1']], 'h:1', 3)).toEqual([
      ['Host', 'h:1'],
      ['A', '1'],
      ['Content-Length', '3'],
    ]);
    expect(forwardedHeaders([['A', '1']], 'h:1', 0)).toEqual([
      ['Host', 'h:1'],
      ['A', '1'],
    ]);
  });

  it('reads forward and replay command lines', () => {
    const webhook = 'https://hookbay.test/webhook/1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    expect(parseArgs(['forward', webhook, '--to', 'http://localhost:3000/hooks', '--respond'])).toEqual({
      command: 'forward',
      routes: [{ webhookUrl: new URL(webhook), target: new URL('http://localhost:3000/hooks') }],
      respond: true,
    });
    expect(parseArgs(['replay', webhook, '42', '--to=http://localhost:3000'])).toEqual({
      command: 'replay',
      webhookUrl: new URL(webhook),
      eventId: 42,
      target: new URL('http://localhost:3000'),
    });
    expect(sessionIdOf(new URL(webhook))).toBe('1b4e28ba-2fa1-41d2-883f-0016d3cca427');
    expect(apiBaseOf(new URL('https://h.test/hookbay/webhook/abc/sub'))).toBe('https://h.test/hookbay');
  });

  it('refuses wrong command lines with a reason', () => {
    const webhook = 'http://h.test/webhook/abc';
    const cases: [string[], string][] = [
      [[], 'no command given'],
      [['send', webhook, '--to', 'http://x'], 'unknown command send'],
      [['forward', '--to', 'http://x'], 'the webhook URL is missing'],
      [['forward', webhook], '--to <target URL> is missing'],
      [['forward', webhook, '--to'], '--to needs a target URL'],
      [['forward', 'http://h.test/other', '--to', 'http://x'], 'not a webhook URL'],
      [['forward', webhook, '--to', 'localhost:3000'], 'the target URL must start with http:// or https://'],
      [['forward', webhook, '--to', 'http://x', '--verbose'], 'unknown option --verbose'],
      [['replay', webhook, '--to', 'http://x'], 'replay needs the event id'],
      [['replay', webhook, '4x', '--to', 'http://x'], 'replay needs the event id'],
      [['replay', webhook, '4', '--to', 'http://x', '--respond'], '--respond belongs to forward'],
    ];
    for (const [args, reason] of cases) {
      expect(() => parseArgs(args), args.join(' ')).toThrow(reason);
    }
  });

  it('waits 0.5 s before reconnecting, doubling up to 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(backoffMs)).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('splits a server-sent event stream fed in arbitrary pieces', () => {
    const messages: { id: string | null; event: string; data: string }[] = [];
    const feed = createSseParser((message) => messages.push(message));
    const text =
      ': keep-alive\n\nid: 7\nevent: webhook-request\ndata: {"a":1}\n\nid: 8\r\ndata: x\r\ndata: y\r\n\r\n';
    for (const piece of text.match(/.{1,3}/gs) ?? []) feed(piece);
    expect(messages).toEqual([
      { id: '7', event: 'webhook-request', data: '{"a":1}' },
      { id: '8', event: 'message', data: 'x\ny' },
    ]);
  });
});
