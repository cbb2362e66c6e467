import { ApiError } from '../../lib/http';
import { messages } from './messages';

/**
 * What a failed add shows, from the quick-add field and the Add URL modal alike: "Failed to add
 * URL", then the server's reason when it gave one, whatever the status (a network failure, or an
 * answer without an `error` text, has none).
 */
export function addFailureMessage(error: unknown): string {
  const reason = error instanceof ApiError && error.isServerText ? error.message.trim() : '';
  return reason ? messages.addFailedBecause(reason) : messages.addFailed;
}
