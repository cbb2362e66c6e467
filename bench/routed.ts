/**
 * The routed-redirect scenario: GET /s/{id} of a link with a targeting rule and an A/B split, so
 * every visit pays the rule's test (an IP range the bench's loopback visits fall outside) and the
 * split's draw before the 302. Compared with the plain link's redirect in the same rounds.
 */
import { api } from './client.js';

/** A link of the session whose visits fall through an IP rule to a two-variant split. */
export async function routedLink(origin: string, sessionId: string): Promise<{ id: string }> {
  return api<{ id: string }>(origin, '/api/urls', sessionId, {
    url: 'https://example.com/routed',
    rules: [
      {
        destination: 'https://example.com/office',
        conditions: [{ type: 'ip', value: '203.0.113.0/24' }],
      },
    ],
    split: {
      sticky: false,
      variants: [
        { id: 'a', destination: 'https://example.com/variant-a', weight: 50 },
        { id: 'b', destination: 'https://example.com/variant-b', weight: 50 },
      ],
    },
  });
}
