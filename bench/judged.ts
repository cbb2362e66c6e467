/**
 * The judged capture scenario: a session with a signing secret and a contract, so that every
 * capture costs an HMAC and a compiled validator before it is stored. Each request carries a valid
 * GitHub signature and a body the contract passes, so every one is judged in full.
 */
import { createHmac } from 'node:crypto';
import { api, BODY, connect, newSession, type Listener } from './client.js';

export const SECRET = 'bench-signing-secret-0f3a9c';

/** The contract for the bench's 1 KB payload (bench/client.ts). */
export const PAYLOAD_SCHEMA = {
  type: 'object',
  required: ['id', 'type', 'amount', 'currency'],
  properties: {
    id: { type: 'string', pattern: '^evt_' },
    type: { type: 'string', enum: ['payment_intent.succeeded', 'payment_intent.failed'] },
    amount: { type: 'integer', minimum: 0 },
    currency: { type: 'string', minLength: 3, maxLength: 3 },
    note: { type: 'string' },
  },
  additionalProperties: false,
};

/** The headers each capture of the judged scenario sends: the signature of BODY. */
export const SIGNED_HEADERS = {
  'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(BODY).digest('hex')}`,
};

/** The search that finds the captures both judges passed. */
export const JUDGED_PASS = 'sig:valid contract:pass';

export interface JudgedSession {
  id: string;
  sessionId: string;
  /** The headers each capture sends: the signature of BODY. */
  headers: Record<string, string>;
}

/** Gives the session the GitHub signing secret SIGNED_HEADERS are signed with, covering every path. */
export async function addSecret(origin: string, sessionId: string): Promise<void> {
  await api(origin, '/api/signing-secrets', sessionId, {
    name: 'bench',
    scheme: 'github-sha256',
    secret: SECRET,
  });
}

/** Gives the session the contract BODY passes, covering every path. */
export async function addContract(origin: string, sessionId: string): Promise<void> {
  await api(origin, '/api/contracts', sessionId, { name: 'bench payload', schema: PAYLOAD_SCHEMA });
}

/** A new session given the bench's signing secret, its contract, both or neither. */
async function sessionJudging(
  origin: string,
  judging: { secret: boolean; contract: boolean },
): Promise<{ id: string; sessionId: string }> {
  const session = await newSession(origin);
  if (judging.secret) await addSecret(origin, session.sessionId);
  if (judging.contract) await addContract(origin, session.sessionId);
  return session;
}

/** The same, with a live listener. */
export async function listenedSession(
  origin: string,
  judging: { secret: boolean; contract: boolean },
): Promise<{ sessionId: string; listener: Listener }> {
  const { sessionId } = await sessionJudging(origin, judging);
  return { sessionId, listener: await connect(origin, sessionId) };
}

/** A new session with one GitHub signing secret and one contract, both covering every path. */
export async function judgedSession(origin: string): Promise<JudgedSession> {
  return { ...(await sessionJudging(origin, { secret: true, contract: true })), headers: SIGNED_HEADERS };
}

/** How many of the session's captures were judged valid and passing, and how many it holds. */
export async function judgedCounts(
  origin: string,
  sessionId: string,
): Promise<{ matching: number; total: number }> {
  return api(origin, `/api/events/count?q=${encodeURIComponent(JUDGED_PASS)}`, sessionId);
}
