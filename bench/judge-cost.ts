/**
 * The judges alone, timed in this process on the judged scenario's requests: the CPU time judging
 * adds to each capture. Less exposed to a busy machine than the load runs, whose ratios it explains.
 */
import { compileContracts, judgeBody } from '../server/src/features/contracts/judge-body.js';
import { readJsonBody } from '../server/src/features/contracts/json-body.js';
import { compileSecrets, judgeWith } from '../server/src/features/signing-secrets/signing-secrets.judge.js';
import { BODY, SENDER_UA } from './client.js';
import { PAYLOAD_SCHEMA, SECRET, SIGNED_HEADERS } from './judged.js';
import { median } from './stats.js';

const CALLS = 20_000;
const RUNS = 7;

/** Microseconds a call, the median of RUNS runs of CALLS calls after one run to warm up. */
function microsecondsPerCall(call: () => unknown): number {
  const runs: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) call();
    if (run > 0) runs.push(Number(process.hrtime.bigint() - started) / 1000 / CALLS);
  }
  return median(runs);
}

export interface JudgeCost {
  signatureUs: number;
  contractUs: number;
}

export function measureJudgeCost(): JudgeCost {
  const [secret] = compileSecrets([
    {
      id: 'bench',
      name: 'bench',
      scheme: 'github-sha256',
      custom: null,
      path: '*',
      toleranceSeconds: 300,
      refuseInvalid: false,
      secret: SECRET,
      createdAt: 0,
    },
  ]);
  const contracts = compileContracts([
    {
      id: 'bench',
      name: 'bench payload',
      path: '*',
      method: '*',
      header: null,
      schema: PAYLOAD_SCHEMA,
      source: 'schema',
      createdAt: new Date(0).toISOString(),
    },
  ]);
  if (!secret || !contracts) throw new Error('the bench secret and contract did not compile');
  const arrived = {
    method: 'POST',
    path: '/',
    queryString: '',
    rawHeaders: [
      ['Host', '127.0.0.1'],
      ['User-Agent', SENDER_UA],
      ['Content-Type', 'application/json'],
      ['Content-Length', String(BODY.length)],
      ...Object.entries(SIGNED_HEADERS),
    ] as [string, string][],
    body: Buffer.from(BODY),
    contentType: 'application/json',
    receivedAt: Date.now(),
    truncated: false as const,
  };
  // Parsed at each call, as each capture parses its body once for the judges.
  const request = { ...arrived, json: () => readJsonBody(arrived) };
  if (judgeWith(secret, request).status !== 'valid' || judgeBody(contracts, request)?.status !== 'pass') {
    throw new Error('the bench request is not judged valid and passing');
  }
  return {
    signatureUs: microsecondsPerCall(() => judgeWith(secret, request)),
    contractUs: microsecondsPerCall(() => judgeBody(contracts, request)),
  };
}
