import { describe, expect, it } from 'vitest';
import { runJudges, type Judge, type JudgedRequest } from './judges.js';

const request: JudgedRequest = {
  method: 'POST',
  path: '/',
  queryString: '',
  rawHeaders: [],
  body: Buffer.from('{}'),
  truncated: false,
  json: () => ({}),
  contentType: 'application/json',
  receivedAt: 0,
};

const signature: Judge = {
  judge: (sessionId) =>
    sessionId === 'signed'
      ? {
          verdicts: {
            signature: {
              status: 'invalid',
              secretId: 's',
              secretName: 'S',
              scheme: 'github-sha256',
              reason: 'missing',
              message: 'The request has no X-Hub-Signature-256 header.',
            },
          },
          refusal: { status: 401, error: 'signature: invalid' },
        }
      : null,
};
const contract: Judge = {
  judge: async () => ({ verdicts: { contract: { status: 'pass', contractId: 'c', contractName: 'C' } } }),
};

describe('running the judges of a capture', () => {
  it('answers at once, with no verdicts, when every judge answers at once', () => {
    expect(runJudges([signature], 'plain', request)).toEqual({ verdicts: {}, refusal: null });
    expect(runJudges([], 'plain', request)).toEqual({ verdicts: {}, refusal: null });
  });

  it('merges the verdicts of every judge and keeps the first refusal, waiting for a judge that waits', async () => {
    const judged = runJudges([signature, contract], 'signed', request);
    expect(judged).toBeInstanceOf(Promise);
    expect(await judged).toEqual({
      verdicts: {
        signature: expect.objectContaining({ status: 'invalid', reason: 'missing' }),
        contract: { status: 'pass', contractId: 'c', contractName: 'C' },
      },
      refusal: { status: 401, error: 'signature: invalid' },
    });
  });
});
