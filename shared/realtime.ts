/** Realtime event names and payloads shared by the server and the browser. */
import type { CaptureResponse, WebhookEvent } from './webhooks.js';

export const JOIN_USER_ROOM = 'join-user-room';
export const WEBHOOK_REQUEST = 'webhook-request';
export const URL_CLICK = 'url-click';
/** A stored event's answer was settled later (a `--respond` forwarder answered, failed or was too slow). */
export const WEBHOOK_RESPONSE = 'webhook-response';

export interface WebhookResponsePayload {
  id: number;
  response: CaptureResponse;
}

export interface UrlClickPayload {
  urlId: string;
  totalClicks: number;
}

export interface ServerToClientEvents {
  [WEBHOOK_REQUEST]: (event: WebhookEvent) => void;
  [URL_CLICK]: (payload: UrlClickPayload) => void;
  [WEBHOOK_RESPONSE]: (payload: WebhookResponsePayload) => void;
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
