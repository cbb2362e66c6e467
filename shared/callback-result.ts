/**
 * What a capture records of its response rule's callback, stored with the event and pushed live:
 * below the rules' own module, so the event's type needs nothing of the rules.
 */

/**
 * `pending` until it is sent or given up; `sent` when the target answered (any status); `failed`
 * when there was no answer (refused address, unreachable, timeout, over the limit, a template
 * that failed, a shutdown before it was due).
 */
export const CALLBACK_STATES = ['pending', 'sent', 'failed'] as const;
export type CallbackState = (typeof CALLBACK_STATES)[number];

/** What a capture records of its callback. */
export interface CallbackResult {
  state: CallbackState;
  method: string;
  /** The URL the template gave; null until it is made, or when it could not be. */
  url: string | null;
  delayMs: number;
  /** The target's status; null without an answer. */
  status: number | null;
  /** From sending to the end of the answer (or the failure); null while pending. */
  durationMs: number | null;
  /** Why there is no answer; null otherwise. */
  error: string | null;
  /** The start of the answer's body as text (CALLBACK_ANSWER_PREVIEW_CHARS at most); null without one. */
  answer: string | null;
  /** ISO time it was sent or given up; null while pending. */
  at: string | null;
}
