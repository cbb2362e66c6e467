import { describe, expect, it } from 'vitest';
import { forwardCommands } from './commands';

describe('forward commands', () => {
  it("name this session's webhook URL and the server's own copy of the forwarder", () => {
    const url = 'https://hooks.example/webhook/abc';
    expect(forwardCommands('https://hooks.example', 'abc')).toEqual([
      {
        label: 'Anywhere with Node 20',
        command: `curl -sO https://hooks.example/cli/hookbay.mjs && node hookbay.mjs forward ${url} --to http://localhost:3000/webhooks`,
      },
      {
        label: 'In a Hookbay checkout',
        command: `npx hookbay forward ${url} --to http://localhost:3000/webhooks`,
      },
      {
        label: 'Your app answers the sender (--respond)',
        command: `curl -sO https://hooks.example/cli/hookbay.mjs && node hookbay.mjs forward ${url} --to http://localhost:3000/webhooks --respond`,
      },
    ]);
  });
});
