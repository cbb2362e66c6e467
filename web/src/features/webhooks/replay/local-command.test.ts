import { describe, expect, it } from 'vitest';
import { localReplayCommand } from './local-command';

describe('localReplayCommand', () => {
  it('fills in the webhook URL, the request id and the target', () => {
    expect(localReplayCommand('https://hooks.example/webhook/abc', 42, 'http://127.0.0.1:3000/hooks')).toBe(
      'npx hookbay replay https://hooks.example/webhook/abc 42 --to http://127.0.0.1:3000/hooks',
    );
  });

  it('quotes a target the shell would otherwise cut or expand', () => {
    expect(localReplayCommand('https://h.example/webhook/abc', 1, "http://localhost/x?a=1&b='2'")).toBe(
      `npx hookbay replay https://h.example/webhook/abc 1 --to 'http://localhost/x?a=1&b='\\''2'\\'''`,
    );
  });

  it('offers a typical local app when no target was typed', () => {
    expect(localReplayCommand('https://h.example/webhook/abc', 1, ' ')).toBe(
      'npx hookbay replay https://h.example/webhook/abc 1 --to http://localhost:3000/webhooks',
    );
  });
});
