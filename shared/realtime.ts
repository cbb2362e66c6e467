/** Realtime event names and payloads shared by the server and the browser. */
import type { ReplayJob, ReplayJobResult } from './replay-jobs.js';
import type { CallbackResult } from './callback-result.js';
import type { Relay, RelayAttempt } from './relays.js';
import type { CaptureResponse, ForwardResult, WebhookEvent } from './webhooks.js';

export const JOIN_USER_ROOM = 'join-user-room';
export const WEBHOOK_REQUEST = 'webhook-request';
export const URL_CLICK = 'url-click';
/** A stored event's answer was settled later (a `--respond` forwarder answered, failed or was too slow). */
export const WEBHOOK_RESPONSE = 'webhook-response';

/** The forwarders (`hookbay forward`) connected to the session changed: how many there are now, on every instance. */
export const FORWARDERS_CHANGED = 'forwarders-changed';
/** A forwarder reported what its target answered for one stored event. */
export const WEBHOOK_FORWARDED = 'webhook-forwarded';
/** The session's requests were cleared ("Clear all"): every event up to `upTo` is gone. */
export const WEBHOOKS_CLEARED = 'webhooks-cleared';
/** A response rule's callback for one stored event is waiting, was sent, or failed. */
export const WEBHOOK_CALLBACK = 'webhook-callback';
/** A bulk replay sent one more request, or ended: the job's counts and status, and that request's result. */
export const REPLAY_PROGRESS = 'replay-progress';

/** A relay destination tried to take one captured request: `{eventId, attempt}`. */
export const RELAY_ATTEMPTED = 'relay-attempted';
/** A relay destination's state changed outside the API (disabled after failing): `{relay}`. */
export const RELAY_CHANGED = 'relay-changed';

export interface RelayAttemptedPayload {
  eventId: number;
  attempt: RelayAttempt;
}

export interface RelayChangedPayload {
  relay: Relay;
}

export interface WebhookResponsePayload {
  id: number;
  response: CaptureResponse;
}

/** Forwarders connected to a session: all of them, and those that answer the sender (`--respond`). */
export interface ForwardersPayload {
  count: number;
  responding: number;
}

export interface WebhookForwardedPayload {
  id: number;
  forwarded: ForwardResult;
}

export interface WebhookCallbackPayload {
  id: number;
  callback: CallbackResult;
}

export interface WebhooksClearedPayload {
  /** The newest event id the clear covered; events with a higher id came later and stay. */
  upTo: number;
}

export interface ReplayProgressPayload {
  /** The job without its results list. */
  job: Omit<ReplayJob, 'results'>;
  /** The result just added; absent when only the status changed (cancelled, finished). */
  result?: ReplayJobResult;
}

export interface UrlClickPayload {
  urlId: string;
  totalClicks: number;
}

export interface ServerToClientEvents {
  [WEBHOOK_REQUEST]: (event: WebhookEvent) => void;
  [URL_CLICK]: (payload: UrlClickPayload) => void;
  [WEBHOOK_RESPONSE]: (payload: WebhookResponsePayload) => void;
  [FORWARDERS_CHANGED]: (payload: ForwardersPayload) => void;
  [WEBHOOK_FORWARDED]: (payload: WebhookForwardedPayload) => void;
  [WEBHOOK_CALLBACK]: (payload: WebhookCallbackPayload) => void;
  [WEBHOOKS_CLEARED]: (payload: WebhooksClearedPayload) => void;
  [REPLAY_PROGRESS]: (payload: ReplayProgressPayload) => void;
  [RELAY_ATTEMPTED]: (payload: RelayAttemptedPayload) => void;
  [RELAY_CHANGED]: (payload: RelayChangedPayload) => void;
}

export interface JoinAck {
  ok: boolean;
  error?: string;
}

export interface ClientToServerEvents {
  [JOIN_USER_ROOM]: (userId: string, ack?: (answer: JoinAck) => void) => void;
}

/** Socket.IO room of one user. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
