/**
 * Checks of each delivery on its own: signature, timestamp, content type and size. Each returns
 * its outcome, a one-line explanation and the events that show it.
 */
import {
  SIZE_LIMIT_BYTES,
  TIMESTAMP_TOLERANCE_S,
  type CheckId,
  type CheckOutcome,
} from '../../../../shared/conformance.js';
import { headerValue } from '../../../../shared/providers.js';
import { duration, ids, plural, type Delivery, type RunView } from './deliveries.js';

export interface Finding {
  id: CheckId;
  outcome: CheckOutcome;
  explanation: string;
  evidence: number[];
}

/** Schemes whose signed content includes the timestamp. */
const TIMESTAMP_SIGNING_SCHEMES = new Set(['standard-webhooks', 'stripe', 'slack']);

const NOTHING_ARRIVED = 'No delivery arrived at this path during the run.';

export function checkSignature({ deliveries }: RunView): Finding {
  const id = 'signature';
  if (deliveries.length === 0) return { id, outcome: 'warn', explanation: NOTHING_ARRIVED, evidence: [] };
  const judged = deliveries.filter((delivery) => delivery.signature !== null);
  if (judged.length === 0) {
    return {
      id,
      outcome: 'warn',
      explanation:
        'No signing secret covers this path, so no signature was checked; add one to grade it. ' +
        'Standard Webhooks: every message is signed in webhook-signature.',
      evidence: ids(deliveries),
    };
  }
  const invalid = judged.filter((delivery) => delivery.signature?.status === 'invalid');
  if (invalid.length > 0) {
    const first = invalid[0]?.signature;
    const why = first?.status === 'invalid' ? first.message : 'the signature does not match';
    return {
      id,
      outcome: 'fail',
      explanation: `${plural(invalid.length, 'delivery', 'deliveries')} of ${judged.length} failed verification (${why}). Standard Webhooks: the receiver rejects a message whose signature does not verify.`,
      evidence: ids(invalid),
    };
  }
  const unjudged = deliveries.length - judged.length;
  if (unjudged > 0) {
    return {
      id,
      outcome: 'warn',
      explanation: `${plural(judged.length, 'delivery', 'deliveries')} verified; ${unjudged} had no signing secret covering them.`,
      evidence: ids(deliveries.filter((delivery) => delivery.signature === null)),
    };
  }
  const schemes = [...new Set(judged.map((delivery) => delivery.signature?.scheme))].join(', ');
  return {
    id,
    outcome: 'pass',
    explanation: `Every delivery's signature verified (${schemes}).`,
    evidence: ids(judged),
  };
}

/** The delivery's own timestamp in seconds: webhook-timestamp, Stripe's `t=`, or Slack's header; NaN when unreadable. */
function timestampOf(delivery: Delivery): number | null {
  const headers = delivery.event.headers;
  const standard = headerValue(headers, 'webhook-timestamp');
  if (standard !== null) return /^\d+$/.test(standard) ? Number(standard) : Number.NaN;
  const stripe = headerValue(headers, 'Stripe-Signature')?.match(/(?:^|,)t=(\d+)/);
  if (stripe?.[1]) return Number(stripe[1]);
  const slack = headerValue(headers, 'X-Slack-Request-Timestamp');
  if (slack !== null) return /^\d+$/.test(slack) ? Number(slack) : Number.NaN;
  return null;
}

export function checkTimestampFresh({ deliveries }: RunView): Finding {
  const id = 'timestamp-fresh';
  if (deliveries.length === 0) return { id, outcome: 'warn', explanation: NOTHING_ARRIVED, evidence: [] };
  const stamped = deliveries.filter((delivery) => timestampOf(delivery) !== null);
  const missing = deliveries.filter((delivery) => timestampOf(delivery) === null);
  const skewOf = (delivery: Delivery) => Math.abs(delivery.arrivedAt - (timestampOf(delivery) ?? 0) * 1000);
  const stale = stamped.filter((delivery) => !(skewOf(delivery) <= TIMESTAMP_TOLERANCE_S * 1000));
  if (stale.length > 0) {
    return {
      id,
      outcome: 'fail',
      explanation: `${plural(stale.length, 'delivery', 'deliveries')} carried a timestamp more than ${TIMESTAMP_TOLERANCE_S / 60} minutes from its arrival (or not a number of seconds). Standard Webhooks: webhook-timestamp is the time of the attempt, and receivers reject one outside their tolerance.`,
      evidence: ids(stale),
    };
  }
  if (missing.length > 0) {
    return {
      id,
      outcome: 'warn',
      explanation: `${plural(missing.length, 'delivery', 'deliveries')} carried no timestamp, so a receiver cannot refuse a replayed one. Standard Webhooks: every message carries webhook-timestamp.`,
      evidence: ids(missing),
    };
  }
  const widest = Math.max(...stamped.map(skewOf));
  return {
    id,
    outcome: 'pass',
    explanation: `Every timestamp was within ${TIMESTAMP_TOLERANCE_S / 60} minutes of its arrival (largest difference ${duration(widest)}).`,
    evidence: ids(stamped),
  };
}

export function checkTimestampSigned({ deliveries }: RunView): Finding {
  const id = 'timestamp-signed';
  const stamped = deliveries.filter((delivery) => timestampOf(delivery) !== null);
  if (stamped.length === 0) {
    return { id, outcome: 'warn', explanation: 'No delivery carried a timestamp to sign.', evidence: [] };
  }
  const valid = stamped.filter((delivery) => delivery.signature?.status === 'valid');
  if (valid.length === 0) {
    return {
      id,
      outcome: 'warn',
      explanation:
        'No delivery with a timestamp has a verified signature, so Hookbay cannot tell whether the timestamp is signed. ' +
        'Standard Webhooks: the signed content is "{webhook-id}.{webhook-timestamp}.{body}".',
      evidence: ids(stamped),
    };
  }
  const unsigned = valid.filter(
    (delivery) => !TIMESTAMP_SIGNING_SCHEMES.has(delivery.signature?.scheme ?? ''),
  );
  if (unsigned.length > 0) {
    return {
      id,
      outcome: 'fail',
      explanation: `${plural(unsigned.length, 'delivery', 'deliveries')} signed only the body, so its timestamp can be changed without breaking the signature. Standard Webhooks: the signed content is "{webhook-id}.{webhook-timestamp}.{body}".`,
      evidence: ids(unsigned),
    };
  }
  return {
    id,
    outcome: 'pass',
    explanation:
      'The timestamp is part of the signed content of every verified delivery. Standard Webhooks: the signed content is "{webhook-id}.{webhook-timestamp}.{body}".',
    evidence: ids(valid),
  };
}

/** application/json or any +json type, parameters aside. */
function declaresJson(contentType: string | null): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

function isParseable(delivery: Delivery): boolean {
  const { event } = delivery;
  // A body sent cut to the browser was parsed whole when stored; only its start is here.
  if (event.bodyCut) return true;
  return event.payload !== null || event.body.trim() === 'null';
}

export function checkContentType({ deliveries }: RunView): Finding {
  const id = 'content-type';
  if (deliveries.length === 0) return { id, outcome: 'warn', explanation: NOTHING_ARRIVED, evidence: [] };
  const broken = deliveries.filter(
    (delivery) => declaresJson(delivery.event.contentType) && !isParseable(delivery),
  );
  if (broken.length > 0) {
    return {
      id,
      outcome: 'fail',
      explanation: `${plural(broken.length, 'delivery', 'deliveries')} declared JSON but the body does not parse. Standard Webhooks: payloads are JSON, sent as application/json.`,
      evidence: ids(broken),
    };
  }
  const undeclared = deliveries.filter((delivery) => !declaresJson(delivery.event.contentType));
  if (undeclared.length > 0) {
    return {
      id,
      outcome: 'warn',
      explanation: `${plural(undeclared.length, 'delivery', 'deliveries')} did not declare a JSON content type. Standard Webhooks: payloads are JSON, sent as application/json.`,
      evidence: ids(undeclared),
    };
  }
  return {
    id,
    outcome: 'pass',
    explanation: 'Every delivery declared application/json and its body parses as JSON.',
    evidence: ids(deliveries),
  };
}

export function checkSize({ deliveries }: RunView): Finding {
  const id = 'size';
  if (deliveries.length === 0) return { id, outcome: 'warn', explanation: NOTHING_ARRIVED, evidence: [] };
  const limitKiB = SIZE_LIMIT_BYTES / 1024;
  const large = deliveries.filter(
    (delivery) => delivery.event.truncated || delivery.event.size > SIZE_LIMIT_BYTES,
  );
  if (large.length > 0) {
    return {
      id,
      outcome: 'fail',
      explanation: `${plural(large.length, 'delivery', 'deliveries')} had a body over ${limitKiB} KiB, more than many receivers accept. Standard Webhooks: keep payloads small and let the receiver fetch the rest.`,
      evidence: ids(large),
    };
  }
  const largest = Math.max(...deliveries.map((delivery) => delivery.event.size));
  return {
    id,
    outcome: 'pass',
    explanation: `Every body was at most ${limitKiB} KiB (largest ${largest} bytes).`,
    evidence: ids(deliveries),
  };
}
