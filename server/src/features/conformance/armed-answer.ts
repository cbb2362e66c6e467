/**
 * The capture route's one call into conformance runs: while a run is armed for the capture's
 * path, the first `failFirst` deliveries of each message (grouped by delivery id) get the run's
 * failure; later ones get the default answer. Decided before the event is stored, so that the
 * event records it (`source: "conformance"`), as a rule's answer is recorded.
 */
import type { FastifyReply } from 'fastify';
import type { RuleAnswer } from '../responses/choose-answer.js';
import { actOutFault, type HeldConnections } from '../responses/faults.js';
import type { ArrivedRequest } from '../webhooks/event-insert.js';
import { toHeaderMap } from '../webhooks/event-view.js';
import type { ArmedRun, ConformanceService } from './conformance.service.js';
import { messageKeyOf, parseJson } from './message-key.js';

/** Marks an answer failed on purpose, for a sender's logs and for HEAD requests, which carry no body. */
export const ON_PURPOSE_HEADER = 'x-hookbay-on-purpose';

type ArmedCapture = Pick<ArrivedRequest, 'sessionId' | 'path' | 'rawHeaders' | 'body'>;

/**
 * The run's failure for this capture, or null for the default answer. Synchronously null when the
 * session's cached runs say none is armed for the path, so such captures await nothing.
 */
export function armedAnswer(
  conformance: ConformanceService,
  capture: ArmedCapture,
  held: HeldConnections,
  now = Date.now(),
): null | Promise<RuleAnswer | null> {
  const runs = conformance.armedRuns(capture.sessionId);
  if (Array.isArray(runs)) {
    const run = runFor(runs, capture.path, now);
    return run ? failureFor(conformance, run, capture, held) : null;
  }
  return runs.then((loaded) => {
    const run = runFor(loaded, capture.path, now);
    return run ? failureFor(conformance, run, capture, held) : null;
  });
}

/** The first armed run (oldest first) whose path glob matches. */
function runFor(runs: ArmedRun[], path: string, now: number): ArmedRun | undefined {
  return runs.find((armed) => armed.run.endsAt > now && armed.target.test(path));
}

async function failureFor(
  conformance: ConformanceService,
  { run }: ArmedRun,
  capture: ArmedCapture,
  held: HeldConnections,
): Promise<RuleAnswer | null> {
  const message = messageKeyOf(toHeaderMap(capture.rawHeaders), parseJson(capture.body), capture.body);
  const seen = await conformance.countDelivery(run.id, message.key);
  if (seen > run.failFirst) return null;
  const { failWith } = run;
  if ('fault' in failWith) {
    return {
      record: { status: 0, source: 'conformance' },
      send: async (reply: FastifyReply) => actOutFault(reply, failWith.fault, held),
    };
  }
  return {
    record: { status: failWith.status, source: 'conformance' },
    send: async (reply: FastifyReply) =>
      reply
        .status(failWith.status)
        .header(ON_PURPOSE_HEADER, 'conformance')
        .send({
          error: `Hookbay answered ${failWith.status} on purpose: a sender test fails the first ${run.failFirst} deliveries of each message (this was delivery ${seen}).`,
        }),
  };
}
