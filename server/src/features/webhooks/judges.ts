/**
 * Judges look at a captured request once, before it is stored, and give verdicts (signature,
 * contract) that are stored with it, and may refuse it (it is stored all the same). The capture path
 * waits only for judges that answer with a promise: a judge that knows at once that a session has
 * nothing to judge answers null synchronously and costs nothing more.
 */
import type { EventVerdicts } from '../../../../shared/verdicts.js';

export interface JudgedRequest {
  method: string;
  /** Path below /webhook/{sessionId}, starting with "/". */
  path: string;
  queryString: string;
  rawHeaders: [string, string][];
  body: Buffer;
  /** Judges see whole bodies only: a body cut at the capture limit is not judged. */
  truncated: false;
  /** The body as JSON (or NOT_JSON), parsed on the first call only, by the rule of contracts/json-body.ts. */
  json: () => unknown;
  contentType: string | null;
  /** Epoch milliseconds. */
  receivedAt: number;
}

/** An answer that replaces the usual one, such as 401 for an invalid signature. */
export interface JudgeRefusal {
  status: number;
  error: string;
}

export interface JudgeResult {
  verdicts: EventVerdicts;
  refusal?: JudgeRefusal;
}

export interface Judge {
  /** Null when this judge has nothing to say about the session's request. */
  judge(sessionId: string, request: JudgedRequest): JudgeResult | null | Promise<JudgeResult | null>;
}

export interface Judgement {
  verdicts: EventVerdicts;
  /** The first judge's refusal, in judge order; null when none refused. */
  refusal: JudgeRefusal | null;
}

const NOTHING: Judgement = Object.freeze({ verdicts: Object.freeze({}), refusal: null });

function combine(results: (JudgeResult | null)[]): Judgement {
  let judgement = NOTHING;
  for (const result of results) {
    if (!result) continue;
    judgement = {
      verdicts: { ...judgement.verdicts, ...result.verdicts },
      refusal: judgement.refusal ?? result.refusal ?? null,
    };
  }
  return judgement;
}

/**
 * Runs every judge once on the request. Answers synchronously when every judge did, so that a
 * capture with nothing to judge awaits nothing; otherwise a promise of the same.
 */
export function runJudges(
  judges: readonly Judge[],
  sessionId: string,
  request: JudgedRequest,
): Judgement | Promise<Judgement> {
  const results = judges.map((judge) => judge.judge(sessionId, request));
  if (results.some((result) => result instanceof Promise)) return Promise.all(results).then(combine);
  // None is a promise, checked just above.
  return combine(results as (JudgeResult | null)[]);
}
